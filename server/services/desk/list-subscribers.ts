import type { SubscriberView } from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { listRecentSessionsOfUsers, listSubscriptionUsers } from '../../storage/subscribers';
import { toSessionView } from './views';

const MAX_SUBSCRIBERS = 200;
const SESSIONS_EACH = 5;

/** Voice subscribers with plan, status, this period's minutes and their latest sessions. */
export async function listSubscribers(db: Queryable): Promise<SubscriberView[]> {
  const users = await listSubscriptionUsers(db, MAX_SUBSCRIBERS);
  const sessions = await listRecentSessionsOfUsers(
    db,
    users.map((user) => user.id),
    SESSIONS_EACH,
  );
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    plan: user.subscriptionPlan,
    status: user.subscriptionStatus,
    minutesUsed: user.voiceMinutesUsed,
    minutesLimit: user.voiceMinutesLimit,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    recentSessions: sessions.filter((s) => s.userId === user.id).map(toSessionView),
  }));
}
