import { minutesLeft } from '../../../shared/plans';
import type { VoiceSession } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { lockSubscriptionUser } from '../../storage/subscription-users';
import { insertVoiceSession, listUnbilledSessionsByUser } from '../../storage/voice-sessions';
import { requireOwnUser } from './owned-session';
import {
  billedMinutesFor,
  closeExpiredSession,
  endClosedCalls,
  maxSecondsOf,
  observedSeconds,
  type ClosedSession,
} from './session-billing';
import type { SessionMetadata } from './session-metadata';

/**
 * The gate for a new call. In one transaction holding the user's row lock (SELECT ... FOR UPDATE,
 * so simultaneous starts of one user run one after the other on PostgreSQL): sessions past their
 * time are closed and billed, then the call is allowed only for the verified owner of an active
 * subscription with minutes left after those its open calls may still use. The session carries the
 * seconds this call may last: the minutes left, at most VOICE_MAX_CALL_MINUTES; that is also what
 * it reserves of the minutes left while it runs. Its heartbeat clock starts now.
 */
export async function startVoiceSession(
  context: Pick<AppContext, 'database' | 'env' | 'now'>,
  verifiedEmail: string,
  userId: string,
  provider: SessionMetadata['provider'],
): Promise<VoiceSession> {
  const now = context.now();
  const closed: ClosedSession[] = [];
  const outcome = await context.database.db.transaction(async (tx): Promise<VoiceSession | AppError> => {
    // Refused before anything is written, so rolling back loses nothing.
    const owner = requireOwnUser(await lockSubscriptionUser(tx, userId), verifiedEmail);

    const unbilled = await listUnbilledSessionsByUser(tx, owner.id);
    for (const session of unbilled) {
      const result = await closeExpiredSession(tx, session, now, context.env);
      if (result) closed.push(result);
    }
    const isClosed = closed.length > 0;
    // Closing bills minutes and ends sessions: only then are the user and the sessions read again.
    const user = isClosed ? (await lockSubscriptionUser(tx, owner.id))! : owner;

    if (user.subscriptionStatus !== 'active')
      return new AppError(
        'subscription_required',
        user.subscriptionStatus === 'past_due' || user.subscriptionStatus === 'unpaid'
          ? 'Your last payment did not go through. Please update your payment method to start new calls.'
          : 'Please subscribe to use voice features.',
      );

    // Open calls may still use their allowance; ended Vapi calls awaiting their report, their time so far.
    const open = isClosed ? await listUnbilledSessionsByUser(tx, user.id) : unbilled;
    const reserved = open.reduce(
      (minutes, session) =>
        minutes +
        billedMinutesFor(
          session.status === 'started'
            ? maxSecondsOf(session)
            : observedSeconds(session, session.endedAt ?? now),
        ),
      0,
    );
    const left = minutesLeft(user) - reserved;
    if (left <= 0)
      return new AppError('minutes_exhausted', "You've reached your monthly voice minutes limit.");

    return insertVoiceSession(tx, {
      userId: user.id,
      status: 'started',
      maxDurationSeconds: Math.min(left, context.env.VOICE_MAX_CALL_MINUTES) * 60,
      createdAt: now,
      lastHeartbeatAt: now,
      metadata: { provider } satisfies SessionMetadata,
    });
  });
  await endClosedCalls(closed);
  // Thrown after the commit, so the stale sessions closed above stay closed.
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
