import { and, eq, gt, lt } from 'drizzle-orm';
import { ownerSessions, users, type User } from '../../shared/schema';
import type { Queryable } from '../db/client';

export async function insertOwnerSession(
  db: Queryable,
  session: { tokenHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ownerSessions).values(session);
}

/** The owner of an unexpired session with this token hash. */
export async function findOwnerBySessionHash(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<User | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(ownerSessions)
    .innerJoin(users, eq(users.id, ownerSessions.userId))
    .where(and(eq(ownerSessions.tokenHash, tokenHash), gt(ownerSessions.expiresAt, now)));
  return row?.user;
}

export async function deleteOwnerSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, tokenHash));
}

export async function deleteExpiredOwnerSessions(db: Queryable, now: Date): Promise<void> {
  await db.delete(ownerSessions).where(lt(ownerSessions.expiresAt, now));
}
