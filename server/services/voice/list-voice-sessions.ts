import type { VoiceSession } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { findSubscriptionUserById, lockSubscriptionUser } from '../../storage/subscription-users';
import { listUnbilledSessionsByUser, listVoiceSessionsByUser } from '../../storage/voice-sessions';
import { requireOwnUser } from './owned-session';
import { readSessionMetadata } from './session-metadata';
import { closeExpiredSession, endClosedCalls, openSessionEnd, type ClosedSession } from './session-billing';
import { isUuid } from '../../../shared/ids';

/** The most sessions one list answers (the route's limit). */
export const MAX_LISTED_SESSIONS = 50;

type ListContext = Pick<AppContext, 'database' | 'env' | 'now'>;

/**
 * The verified user's sessions, newest first. Any other user id is refused (403). A session whose
 * call is over but which the sweep has not closed yet (its page went silent) is closed first, so
 * the list never shows a call "in progress" that is not.
 */
export async function listVoiceSessions(
  context: ListContext,
  verifiedEmail: string,
  userId: string,
  limit = 20,
): Promise<VoiceSession[]> {
  const db = context.database.db;
  const user = requireOwnUser(
    isUuid(userId) ? await findSubscriptionUserById(db, userId) : undefined,
    verifiedEmail,
  );
  const sessions = await listVoiceSessionsByUser(db, user.id, limit);
  const now = context.now();
  const isStale = (session: VoiceSession) =>
    session.status === 'started' && session.billedMinutes === null && openSessionEnd(session, now);
  if (!sessions.some(isStale)) return sessions.filter(isListed);
  await closeExpiredSessionsOf(context, user.id);
  return (await listVoiceSessionsByUser(db, user.id, limit)).filter(isListed);
}

/** A call whose start failed is shown only once something was billed for it. */
const isListed = (session: VoiceSession) =>
  !readSessionMetadata(session).isStartFailed || (session.billedMinutes ?? 0) > 0;

/** Closes the user's sessions past their time, holding the user's lock like the gate and the sweep. */
async function closeExpiredSessionsOf(context: ListContext, userId: string): Promise<void> {
  const now = context.now();
  const closed = await context.database.db.transaction(async (tx) => {
    await lockSubscriptionUser(tx, userId);
    const results: ClosedSession[] = [];
    for (const session of await listUnbilledSessionsByUser(tx, userId)) {
      const result = await closeExpiredSession(tx, session, now, context.env);
      if (result) results.push(result);
    }
    return results;
  });
  await endClosedCalls(closed);
}
