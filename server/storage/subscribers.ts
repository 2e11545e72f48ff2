import { desc, inArray, sql } from 'drizzle-orm';
import {
  subscriptionUsers,
  voiceSessions,
  type SubscriptionUser,
  type VoiceSession,
} from '../../shared/schema';
import type { Queryable } from '../db/client';

/** Voice subscribers, those with a plan or a Stripe customer first, then the newest. */
export async function listSubscriptionUsers(db: Queryable, limit: number): Promise<SubscriptionUser[]> {
  return db
    .select()
    .from(subscriptionUsers)
    .orderBy(
      desc(sql`${subscriptionUsers.subscriptionStatus} in ('active', 'trialing', 'past_due')`),
      desc(subscriptionUsers.updatedAt),
    )
    .limit(limit);
}

/** Each user's newest `perUser` sessions, newest first. */
export async function listRecentSessionsOfUsers(
  db: Queryable,
  userIds: string[],
  perUser: number,
): Promise<VoiceSession[]> {
  if (userIds.length === 0) return [];
  const ranked = db
    .select({
      id: voiceSessions.id,
      rank: sql<number>`row_number() over (partition by ${voiceSessions.userId} order by ${voiceSessions.createdAt} desc)`.as(
        'rank',
      ),
    })
    .from(voiceSessions)
    .where(inArray(voiceSessions.userId, userIds))
    .as('ranked');
  const rows = await db
    .select({ session: voiceSessions })
    .from(voiceSessions)
    .innerJoin(ranked, sql`${ranked.id} = ${voiceSessions.id}`)
    .where(sql`${ranked.rank} <= ${perUser}`)
    .orderBy(desc(voiceSessions.createdAt));
  return rows.map((row) => row.session);
}
