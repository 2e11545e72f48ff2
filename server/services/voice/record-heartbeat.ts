import type { AppContext } from '../../app-deps';
import { conflict } from '../../lib/app-error';
import { updateVoiceSession } from '../../storage/voice-sessions';
import { lockOwnedSession } from './owned-session';
import { closeExpiredSession, endClosedCalls, maxSecondsOf, type ClosedSession } from './session-billing';

export const CALL_ENDED = 'This call has ended.';

/**
 * The page's sign of life during a call (POST /api/voice-sessions/:id/heartbeat). It keeps an open
 * session open, never past its maximum. A session that is already over (ended, billed, or silent
 * for too long, which closes it here if the sweep has not yet) answers 409, so the page ends a
 * call the server no longer counts.
 */
export async function recordHeartbeat(
  context: Pick<AppContext, 'database' | 'env' | 'now'>,
  verifiedEmail: string,
  sessionId: string,
): Promise<void> {
  const now = context.now();
  const outcome = await context.database.db.transaction(
    async (tx): Promise<{ isOpen: boolean; closed?: ClosedSession }> => {
      const session = await lockOwnedSession(tx, sessionId, verifiedEmail);
      if (session.status !== 'started' || session.billedMinutes !== null) return { isOpen: false };
      const closed = await closeExpiredSession(tx, session, now, context.env);
      if (closed) return { isOpen: false, closed };
      const maxEnd = session.createdAt.getTime() + maxSecondsOf(session) * 1000;
      await updateVoiceSession(tx, session.id, {
        lastHeartbeatAt: new Date(Math.min(now.getTime(), maxEnd)),
      });
      return { isOpen: true };
    },
  );
  if (outcome.closed) await endClosedCalls([outcome.closed]);
  if (!outcome.isOpen) throw conflict(CALL_ENDED);
}
