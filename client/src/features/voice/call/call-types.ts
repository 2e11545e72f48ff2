import type { VoiceCallError } from './voice-client';

// The vocabulary of one call, shared by the hook, the events it listens to and the page.
// One call at a time through one provider instance: idle -> connecting -> active -> ended.

export type CallStatus = 'idle' | 'connecting' | 'active' | 'ended';

export interface CallSummary {
  durationSeconds: number;
  transcript: string;
  callId?: string;
  /**
   * 'failed': the session was opened but the call never started. 'page-hide': the tab is being
   * closed or reloaded (only a beacon can still reach the server). 'expired': the server had
   * already ended the session (its page went silent too long).
   */
  reason: 'user' | 'remote' | 'max-duration' | 'unmount' | 'page-hide' | 'expired' | 'failed';
}

export type StartOutcome =
  | { ok: true }
  | { ok: false; reason: 'busy' | 'aborted' }
  | { ok: false; reason: 'failed'; error: VoiceCallError };
