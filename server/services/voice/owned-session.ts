import type { SubscriptionUser, VoiceSession } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { forbidden, notFound } from '../../lib/app-error';
import { findSubscriptionUserById, lockSubscriptionUser } from '../../storage/subscription-users';
import { findVoiceSession, lockVoiceSession } from '../../storage/voice-sessions';

export const NOT_YOUR_SUBSCRIPTION = 'You can only use the subscription of the e-mail you verified.';
export const SESSION_NOT_FOUND = 'This voice session was not found.';

/** The user, when it is the one of the e-mail this browser verified; 403 otherwise. */
export function requireOwnUser(user: SubscriptionUser | undefined, verifiedEmail: string): SubscriptionUser {
  if (!user || user.email !== verifiedEmail) throw forbidden(NOT_YOUR_SUBSCRIPTION);
  return user;
}

/** The verified user's own session, for reading: 404 when unknown, 403 when another user's. */
export async function findOwnedSession(
  db: Queryable,
  sessionId: string,
  verifiedEmail: string,
): Promise<VoiceSession> {
  const session = await findVoiceSession(db, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  requireOwnUser(await findSubscriptionUserById(db, session.userId), verifiedEmail);
  return session;
}

/**
 * The verified user's own session, locked for the rest of the transaction together with its
 * user: the user's row first, then the session's, the order every billing path takes. 404 when
 * unknown, 403 when another user's.
 */
export async function lockOwnedSession(
  tx: Queryable,
  sessionId: string,
  verifiedEmail: string,
): Promise<VoiceSession> {
  const found = await findVoiceSession(tx, sessionId);
  if (!found) throw notFound(SESSION_NOT_FOUND);
  requireOwnUser(await lockSubscriptionUser(tx, found.userId), verifiedEmail);
  const session = await lockVoiceSession(tx, sessionId);
  if (!session) throw notFound(SESSION_NOT_FOUND);
  return session;
}
