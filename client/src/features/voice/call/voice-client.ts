// The one surface the call hook drives. The Vapi adapter wraps the Vapi web SDK; the browser
// adapter speaks the same events with the browser's speech APIs. Event names and payloads follow
// the Vapi SDK, so its events reach the hook unchanged.

export interface VoiceClientEvents {
  'call-start': () => void;
  'call-end': () => void;
  'speech-start': () => void;
  'speech-end': () => void;
  /** The assistant's loudness, 0..1. */
  'volume-level': (level: number) => void;
  /** Vapi's in-call messages, e.g. {type: 'transcript', role, transcriptType, transcript}. */
  message: (message: unknown) => void;
  error: (error: unknown) => void;
  /** Daily's device errors (a refused microphone arrives here). */
  'camera-error': (error: unknown) => void;
}

export type VoiceClientEvent = keyof VoiceClientEvents;

export interface CallRequest {
  /** Our voice session (POST /api/voice-sessions), tied to the provider's call. */
  sessionId: string;
  /** The longest this call may last, from the server's gate. */
  maxDurationSeconds: number;
}

export interface VoiceClient {
  on<E extends VoiceClientEvent>(event: E, listener: VoiceClientEvents[E]): unknown;
  removeListener<E extends VoiceClientEvent>(event: E, listener: VoiceClientEvents[E]): unknown;
  /**
   * Asks for the microphone and keeps it for the next call; rejects (e.g. 'microphone-denied')
   * when the call cannot have one. The hook runs it before the voice session opens, so a refusal
   * costs no minute. Optional: a provider that asks for the microphone itself (Vapi) leaves it out.
   */
  acquireMicrophone?(): Promise<void>;
  /** Resolves null when the call could not start (Vapi reports why through `error` events). */
  start(request: CallRequest): Promise<{ callId?: string } | null>;
  /**
   * Ends the call and releases the microphone, also one acquired for a call that never started;
   * safe to call when no call runs.
   */
  stop(): Promise<void> | void;
  setMuted(muted: boolean): void;
}

export type CallErrorKind =
  | 'microphone-denied'
  | 'no-microphone'
  | 'unsupported'
  | 'speech-unavailable'
  | 'provider-unreachable'
  | 'failed'
  | 'connection';

const CALL_ERROR_MESSAGES: Record<CallErrorKind, string> = {
  'microphone-denied':
    'Microphone access was refused. Allow the microphone for this site in your browser settings, then start the call again.',
  'no-microphone': 'No microphone was found. Connect one and start the call again.',
  unsupported:
    "This browser can't recognise speech, so voice calls don't work here. Please use a recent Chrome, Edge or Safari.",
  'speech-unavailable':
    "Your microphone works, but this browser's speech recognition service doesn't, so the call did not start. " +
    'Try a recent Chrome, Edge or Safari with an internet connection; the text chat works meanwhile.',
  'provider-unreachable':
    'The voice service could not be reached, so the call did not start and no minute was used. ' +
    'Check your connection and try again in a moment.',
  failed: 'Failed to start voice call. Please try again.',
  connection: 'The voice connection had a problem.',
};

/** An error a voice client raises or emits, with a kind the page can explain to the visitor. */
export class VoiceCallError extends Error {
  constructor(
    readonly kind: CallErrorKind,
    message: string = CALL_ERROR_MESSAGES[kind],
  ) {
    super(message);
    this.name = 'VoiceCallError';
  }
}

const MICROPHONE_DENIED = /NotAllowedError|not-allowed|permission|PermissionDenied/i;
const NO_MICROPHONE = /NotFoundError|audio-capture|DevicesNotFound|not-found/i;
/**
 * The Vapi SDK's start failures that mean the call never reached the provider: creating the web
 * call (our proxy or the network: start-method-error, "Failed to fetch") or joining its room.
 */
const PROVIDER_UNREACHABLE =
  /start-method-error|daily-call-join-error|daily-call-object-creation-error|Failed to fetch|NetworkError|could not be reached/i;

/** Maps whatever a provider threw or emitted onto a VoiceCallError with a clear message. */
export function toVoiceCallError(error: unknown, fallback: CallErrorKind = 'failed'): VoiceCallError {
  if (error instanceof VoiceCallError) return error;
  let text = '';
  if (typeof error === 'object' && error !== null) {
    // DOMException (getUserMedia) is not an Error everywhere: read its name and message directly.
    const { name, message } = error as { name?: unknown; message?: unknown };
    text = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''} `;
  }
  try {
    text += JSON.stringify(error) ?? '';
  } catch {
    text += String(error);
  }
  if (MICROPHONE_DENIED.test(text)) return new VoiceCallError('microphone-denied');
  if (NO_MICROPHONE.test(text)) return new VoiceCallError('no-microphone');
  if (PROVIDER_UNREACHABLE.test(text)) return new VoiceCallError('provider-unreachable');
  return new VoiceCallError(fallback);
}
