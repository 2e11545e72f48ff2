import { MAX_CALL_SECONDS } from '../../../shared/plans';
import { HEARTBEAT_TIMEOUT_SECONDS } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { logBackgroundFailure } from '../../lib/database-errors';
import { lockSubscriptionUser } from '../../storage/subscription-users';
import { listSweepCandidates, lockVoiceSession } from '../../storage/voice-sessions';
import {
  closeExpiredSession,
  endClosedCalls,
  REPORT_WAIT_SECONDS,
  STALE_GRACE_SECONDS,
} from './session-billing';

export const SWEEP_INTERVAL_MS = 60_000;
const SWEEP_BATCH = 100;

type SweepContext = Pick<AppContext, 'database' | 'env' | 'now'>;

/**
 * Closes and bills sessions left open past their maximum or without a heartbeat for too long (the
 * page was closed mid-call), ending their Vapi calls, and Vapi calls whose report never came
 * (closeExpiredSession). Each in its own transaction holding the user's lock, like the gate, so a
 * sweep and a start never count one session twice. Returns how many sessions it looked at.
 */
export async function sweepVoiceSessions(context: SweepContext): Promise<number> {
  const now = context.now();
  const candidates = await listSweepCandidates(context.database.db, {
    now,
    graceSeconds: STALE_GRACE_SECONDS,
    reportWaitSeconds: REPORT_WAIT_SECONDS,
    heartbeatTimeoutSeconds: HEARTBEAT_TIMEOUT_SECONDS,
    defaultMaxSeconds: MAX_CALL_SECONDS,
    limit: SWEEP_BATCH,
  });
  for (const candidate of candidates) {
    const closed = await context.database.db.transaction(async (tx) => {
      await lockSubscriptionUser(tx, candidate.userId);
      const session = await lockVoiceSession(tx, candidate.id);
      return session && (await closeExpiredSession(tx, session, now, context.env));
    });
    if (closed) await endClosedCalls([closed]);
  }
  return candidates.length;
}

/** Runs the sweep every minute; the returned stopper waits for a round in progress. */
export function startVoiceSessionSweep(context: SweepContext): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepVoiceSessions(context)
      .catch((error: unknown) => logBackgroundFailure('voice session sweep failed', error))
      .finally(() => (running = undefined));
  }, SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
