import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { emailVerifications } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type EmailVerification = typeof emailVerifications.$inferSelect;

export async function insertEmailVerification(
  db: Queryable,
  values: Pick<EmailVerification, 'email' | 'codeHash' | 'expiresAt' | 'createdAt'>,
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

/** Older unused codes stop working when a new one is sent. */
export async function consumeOpenVerifications(db: Queryable, email: string, at: Date): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ consumedAt: at })
    .where(and(eq(emailVerifications.email, email), isNull(emailVerifications.consumedAt)));
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

/** Marks the code used; false when it was used already (a parallel correct guess won). */
export async function consumeVerification(db: Queryable, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(emailVerifications)
    .set({ consumedAt: at })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.consumedAt)))
    .returning({ id: emailVerifications.id });
  return rows.length > 0;
}
