// Live captions from the provider's transcript messages (Vapi's format; browser voice speaks it too).

const MAX_CAPTIONS = 50;

export interface Caption {
  id: number;
  role: 'user' | 'assistant';
  text: string;
  isFinal: boolean;
}

export interface TranscriptMessage {
  type: 'transcript';
  role: 'user' | 'assistant';
  transcriptType: 'partial' | 'final';
  transcript: string;
}

export const isTranscriptMessage = (message: unknown): message is TranscriptMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === 'transcript' &&
  typeof (message as { transcript?: unknown }).transcript === 'string' &&
  ((message as { role?: unknown }).role === 'user' || (message as { role?: unknown }).role === 'assistant');

export function addCaption(
  captions: readonly Caption[],
  message: TranscriptMessage,
  id: number,
): readonly Caption[] {
  const text = message.transcript.trim();
  if (!text) return captions;
  const isFinal = message.transcriptType === 'final';
  const last = captions.at(-1);
  // A partial line grows in place until its final version replaces it.
  if (last && !last.isFinal && last.role === message.role) {
    return [...captions.slice(0, -1), { ...last, text, isFinal }];
  }
  return [...captions, { id, role: message.role, text, isFinal }].slice(-MAX_CAPTIONS);
}

export const formatTranscript = (captions: readonly Caption[]) =>
  captions
    .filter((caption) => caption.isFinal)
    .map((caption) => `${caption.role === 'user' ? 'User' : 'Assistant'}: ${caption.text}`)
    .join('\n');
