import type { AppContext } from './app-deps';
import { logBackgroundFailure } from './lib/database-errors';
import { startRateLimitSweep } from './middleware/rate-limit';
import { startRetentionSweep } from './services/retention/sweep-retention';
import { startVoiceSessionSweep } from './services/voice/sweep-voice-sessions';

/**
 * The server's timers: mail retries, the rate-limit, voice-session and retention sweeps. Started
 * by server/index.ts, never by createApp, so building an app (tests, benchmarks) has no side
 * effects; each stops with the lifecycle, waiting for a round in progress.
 */
export function startBackgroundJobs(context: AppContext): void {
  // Read (or created) and logged once at start, not on a visitor's first code; a request retries
  // when the database could not answer now.
  void context.sessionSecret
    .load()
    .catch((error: unknown) => logBackgroundFailure('session secret not read', error));
  context.lifecycle.onStop(context.mail.start());
  context.lifecycle.onStop(startRateLimitSweep(context));
  context.lifecycle.onStop(startVoiceSessionSweep(context));
  context.lifecycle.onStop(startRetentionSweep(context));
}
