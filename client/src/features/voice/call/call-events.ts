import type { CallStatus } from './call-types';
import { isTranscriptMessage, type TranscriptMessage } from './captions';
import {
  toVoiceCallError,
  type VoiceCallError,
  type VoiceClient,
  type VoiceClientEvents,
} from './voice-client';

/** What the call's state does with the provider's events; `read` is that state at event time. */
export interface CallEventSink {
  read(): { status: CallStatus; isStartPending: boolean; isProviderCallLive: boolean };
  /** Whether a call-end is the provider confirming our own stop (used up once it is). */
  takeStopEcho(): boolean;
  onCallStart(): void;
  onRemoteEnd(): void;
  onSpeaking(isSpeaking: boolean): void;
  onVolume(level: number): void;
  onTranscript(message: TranscriptMessage): void;
  /**
   * An error while connecting, which start() reports if the provider gives no call. The first
   * one is kept, except that a microphone refusal replaces it: it says what the visitor can fix.
   */
  onStartError(cause: unknown, isMicrophoneError: boolean): void;
  onCallError(error: VoiceCallError): void;
}

/** Vapi reports optional audio features failing (noise cancellation, level meters); calls go on. */
const isBenignError = (event: unknown) =>
  typeof event === 'object' &&
  event !== null &&
  /audio-processing|audio-observer|audio-level/.test(String((event as { type?: unknown }).type ?? ''));

/** Listens to every provider event; returns the function that removes the listeners. */
export function listenToCall(client: VoiceClient, sink: CallEventSink): () => void {
  const handlers: { [E in keyof VoiceClientEvents]: VoiceClientEvents[E] } = {
    'call-start': () => sink.onCallStart(),
    'call-end': () => {
      // Our own stop confirmed, however late: never the end of the call after it.
      if (sink.takeStopEcho()) return;
      // While start() is pending its answer decides (a failed start also "ends" the room);
      // before it, the event belongs to an earlier call.
      const { isStartPending, isProviderCallLive } = sink.read();
      if (!isStartPending && isProviderCallLive) sink.onRemoteEnd();
    },
    'speech-start': () => sink.onSpeaking(true),
    'speech-end': () => {
      sink.onSpeaking(false);
      sink.onVolume(0);
    },
    'volume-level': (level) => sink.onVolume(Number.isFinite(level) ? Math.min(1, Math.max(0, level)) : 0),
    message: (message) => {
      if (isTranscriptMessage(message)) sink.onTranscript(message);
    },
    error: (event) => {
      const { status } = sink.read();
      if (status === 'connecting') sink.onStartError(event, false);
      else if (status === 'active' && !isBenignError(event))
        sink.onCallError(toVoiceCallError(event, 'connection'));
    },
    'camera-error': (event) => {
      const callError = toVoiceCallError(event, 'microphone-denied');
      const { status } = sink.read();
      if (status === 'connecting') sink.onStartError(callError, true);
      else if (status === 'active') sink.onCallError(callError);
    },
  };
  const entries = Object.entries(handlers) as [keyof VoiceClientEvents, never][];
  for (const [event, handler] of entries) client.on(event, handler);
  return () => {
    for (const [event, handler] of entries) client.removeListener(event, handler);
  };
}
