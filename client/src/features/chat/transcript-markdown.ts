import type { Transcript } from '@shared/chat';

/** How a message's ISO time reads in the file; the browser passes the visitor's local format. */
export type FormatTime = (iso: string) => string;

const formatUtc: FormatTime = (iso) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The transcript as a Markdown document: a title, who and when, then each message under its
 * speaker and time. Replies are Markdown already and are kept as written; a stopped reply says so.
 */
export function toTranscriptMarkdown(transcript: Transcript, formatTime: FormatTime = formatUtc): string {
  const cloneName = `${transcript.owner.name}'s AI clone`;
  const lines = [
    `# Conversation with ${cloneName}`,
    '',
    `- ${transcript.owner.name}, ${transcript.owner.title}`,
    `- Started: ${formatTime(transcript.conversation.createdAt)}`,
    `- Exported: ${formatTime(transcript.exportedAt)}`,
  ];
  for (const message of transcript.messages) {
    const speaker = message.role === 'user' ? 'You' : cloneName;
    const stopped = message.isStopped ? ' (stopped)' : '';
    lines.push('', '---', '', `**${speaker}** · ${formatTime(message.timestamp)}${stopped}`, '');
    lines.push(message.content.trim());
  }
  return `${lines.join('\n')}\n`;
}

/** Today in the visitor's calendar: conversation-transcript-2026-03-09.json (or .md). */
export function getTranscriptFileName(date: Date = new Date(), extension: 'json' | 'md' = 'json'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `conversation-transcript-${day}.${extension}`;
}
