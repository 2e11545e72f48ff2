import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimitHits } from '../../shared/schema';
import type { Database, Queryable } from '../db/client';
import { batchStatements, groupBy } from '../db/statement-batch';
import { row, selectFromArrays } from './insert-from-arrays';
import { perDatabase, preparedPerDatabase } from './prepared-query';

export interface HitCount {
  hits: number;
  resetAt: Date;
}

/**
 * Counts one request for `key`: the first of a window inserts the row, later ones add to it, and
 * a row whose window has ended starts again from one. The requests of the moment are counted in
 * one statement, a key at most once in it; concurrent requests wait on the primary key, so none
 * is lost, whichever instance of the site they reach.
 */
export function incrementHits(
  db: Database,
  key: string,
  { now, windowMs }: { now: Date; windowMs: number },
): Promise<HitCount> {
  return hitIncrements(db)({ key, now, windowMs });
}

interface Increment {
  key: string;
  now: Date;
  windowMs: number;
}

const hitIncrements = perDatabase((db) =>
  batchStatements<Increment, HitCount>(
    async (increments) => {
      const counts = new Map<string, HitCount>();
      for (const group of groupBy(increments, (increment) => String(increment.windowMs))) {
        for (const { key, ...count } of await incrementKeys(db, group)) counts.set(key, count);
      }
      return increments.map((increment) => counts.get(increment.key)!);
    },
    { keyOf: (increment) => increment.key },
  ),
);

/**
 * One statement for keys of one window length: a row's window has ended by its request's time.
 * The keys go in one order on every instance, so two instances' statements wait for each other's
 * rows rather than deadlock.
 */
function incrementKeys(db: Queryable, unordered: Increment[]) {
  const increments = unordered.toSorted((a, b) => (a.key < b.key ? -1 : 1));
  const windowMs = increments[0]!.windowMs;
  return keysIncrement(db).execute({
    key: increments.map((increment) => increment.key),
    resetAt: increments.map(({ now }) => new Date(now.getTime() + windowMs).toISOString()),
    windowMs,
  });
}

// Built once per database: the keys and their windows' ends come as arrays.
const keysIncrement = preparedPerDatabase((db) => {
  const requestTime = sql`excluded.reset_at - ${sql.placeholder('windowMs')}::double precision * interval '1 millisecond'`;
  const isExpired = sql`${rateLimitHits.resetAt} <= ${requestTime}`;
  const keys = selectFromArrays(rateLimitHits, { key: 'text', resetAt: 'timestamptz' }, { hits: sql`1` });
  return db
    .insert(rateLimitHits)
    .select(sql`${keys} order by ${row('key')}`)
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${isExpired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${isExpired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ key: rateLimitHits.key, hits: rateLimitHits.hits, resetAt: rateLimitHits.resetAt })
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
