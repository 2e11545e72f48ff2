import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimitHits } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { preparedPerDatabase } from './prepared-query';

export interface HitCount {
  hits: number;
  resetAt: Date;
}

/**
 * Counts one request for `key` in one statement: the first of a window inserts the row, later
 * ones add to it, and a row whose window has ended starts again from one. Concurrent requests
 * wait on the primary key, so none is lost, whichever instance of the site they reach.
 */
export async function incrementHits(
  db: Queryable,
  key: string,
  { now, windowMs }: { now: Date; windowMs: number },
): Promise<HitCount> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await incrementQuery(db).execute({ key, resetAt, now: now.toISOString() });
  return row!;
}

const incrementQuery = preparedPerDatabase((db) => {
  const isExpired = sql`${rateLimitHits.resetAt} <= ${sql.placeholder('now')}::timestamptz`;
  return db
    .insert(rateLimitHits)
    .values({ key: sql.placeholder('key'), hits: 1, resetAt: sql.placeholder('resetAt') })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${isExpired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${isExpired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
    .prepare('');
});

/** Takes back one request of a window that is still running (express-rate-limit's skip options). */
export async function decrementHits(db: Queryable, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, now)));
}

/** The count of a window that is still running; undefined when there is none. */
export async function getHits(db: Queryable, key: string, now: Date): Promise<HitCount | undefined> {
  const [row] = await db
    .select({ hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.resetAt, now)));
  return row;
}

export async function deleteHits(db: Queryable, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Deletes the rows whose window has ended; returns how many went. */
export async function deleteExpiredHits(db: Queryable, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitHits)
    .where(lte(rateLimitHits.resetAt, now))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}
