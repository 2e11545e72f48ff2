import { eq, sql } from 'drizzle-orm';
import { users, type User } from '../../shared/schema';
import type { Queryable } from '../db/client';

export async function findOwnerByUsername(db: Queryable, username: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

export async function countOwners(db: Queryable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** The new owner, or undefined when the username is taken. */
export async function insertOwner(
  db: Queryable,
  username: string,
  passwordHash: string,
): Promise<User | undefined> {
  const [user] = await db
    .insert(users)
    .values({ username, password: passwordHash })
    .onConflictDoNothing({ target: users.username })
    .returning();
  return user;
}
