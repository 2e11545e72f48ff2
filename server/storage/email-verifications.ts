import { and, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { emailVerifications } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type EmailVerification = typeof emailVerifications.$inferSelect;

export async function insertEmailVerification(
  db: Queryable,
  values: Pick<EmailVerification, 'email' | 'expiresAt' | 'createdAt'> & { codeHash: string },
): Promise<EmailVerification> {
  const [row] = await db.insert(emailVerifications).values(values).returning();
  return row!;
}

export async function countVerificationsSince(db: Queryable, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.email, email), gte(emailVerifications.createdAt, since)));
  return row?.total ?? 0;
}

/** Older unused codes stop working when a new one is sent: their hashes are deleted. */
export async function consumeOpenVerifications(db: Queryable, email: string, at: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ consumedAt: at, codeHash: null })
    .where(and(eq(emailVerifications.email, email), isNull(emailVerifications.consumedAt)));
}

/**
 * Deletes the hashes of expired codes, and whole rows once they no longer count towards the
 * per-address limit (created before `keepSince`).
 */
export async function purgeVerifications(db: Queryable, now: Date, keepSince: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ codeHash: null })
    .where(and(isNotNull(emailVerifications.codeHash), lte(emailVerifications.expiresAt, now)));
  await db.delete(emailVerifications).where(lt(emailVerifications.createdAt, keepSince));
}

/** The newest unused, unexpired code for this e-mail. */
export async function findOpenVerification(
  db: Queryable,
  email: string,
  now: Date,
): Promise<EmailVerification | undefined> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.email, email),
        isNull(emailVerifications.consumedAt),
        isNotNull(emailVerifications.codeHash),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts one attempt, atomically and only while fewer than `maxAttempts` were made, so parallel
 * guesses cannot exceed the limit. Undefined when the attempts are used up.
 */
export async function countVerificationAttempt(
  db: Queryable,
  id: string,
  maxAttempts: number,
): Promise<EmailVerification | undefined> {
  const [row] = await db
    .update(emailVerifications)
    .set({ attempts: sql`${emailVerifications.attempts} + 1` })
    .where(and(eq(emailVerifications.id, id), lt(emailVerifications.attempts, maxAttempts)))
    .returning();
  return row;
}

/**
 * Marks the code used and deletes its hash; false when it was used already (a parallel correct
 * guess won).
 */
export async function consumeVerification(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ consumedAt: at, codeHash: null })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.consumedAt)))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}
