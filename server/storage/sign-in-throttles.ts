import { eq, inArray, lt, sql } from 'drizzle-orm';
import { signInThrottles, type SignInThrottle } from '../../shared/schema';
import type { Queryable } from '../db/client';

/**
 * The throttle rows of these keys, created empty when missing and locked (FOR UPDATE) until the
 * transaction ends, so concurrent attempts on one account are decided one after another.
 */
export async function lockSignInThrottles(
  tx: Queryable,
  keys: string[],
  now: Date,
): Promise<Map<string, SignInThrottle>> {
  await tx
    .insert(signInThrottles)
    .values(keys.map((key) => ({ key, updatedAt: now })))
    .onConflictDoNothing({ target: signInThrottles.key });
  const rows = await tx
    .select()
    .from(signInThrottles)
    .where(inArray(signInThrottles.key, keys))
    .orderBy(signInThrottles.key)
    .for('update');
  return new Map(rows.map((row) => [row.key, row]));
}

export async function updateSignInThrottle(
  tx: Queryable,
  key: string,
  values: Pick<
    SignInThrottle,
    'failures' | 'lastFailureAt' | 'windowStartedAt' | 'nextCheckAt' | 'updatedAt'
  >,
): Promise<void> {
  await tx.update(signInThrottles).set(values).where(eq(signInThrottles.key, key));
}

export async function deleteSignInThrottle(db: Queryable, key: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, key));
}

/** Takes one counted failure back (a successful sign-in was counted before its check). */
export async function takeBackSignInFailure(db: Queryable, key: string): Promise<void> {
  await db
    .update(signInThrottles)
    .set({ failures: sql`greatest(${signInThrottles.failures} - 1, 0)` })
    .where(eq(signInThrottles.key, key));
}

export async function deleteStaleSignInThrottles(db: Queryable, before: Date): Promise<void> {
  await db.delete(signInThrottles).where(lt(signInThrottles.updatedAt, before));
}
