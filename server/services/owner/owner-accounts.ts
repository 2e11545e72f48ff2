import { eq, sql } from 'drizzle-orm';
import { users, type User } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { AppError, conflict } from '../../lib/app-error';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export class WeakPasswordError extends Error {}

export async function findOwnerByUsername(db: Queryable, username: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

export async function countOwners(db: Queryable): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row?.count ?? 0;
}

/** Creates an owner account; the password is stored as an scrypt hash. */
export async function createOwner(db: Queryable, username: string, password: string): Promise<User> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new WeakPasswordError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const [user] = await db
    .insert(users)
    .values({ username, password: await hashPassword(password) })
    .onConflictDoNothing({ target: users.username })
    .returning();
  if (!user) throw conflict(`An owner named "${username}" already exists.`);
  return user;
}

/**
 * OWNER_USERNAME + OWNER_PASSWORD create the first owner on a start with no owner yet; once an
 * owner exists they are ignored, so a changed variable never overwrites a password.
 */
export async function createFirstOwnerFromEnv(
  db: Queryable,
  credentials: { username?: string; password?: string },
): Promise<User | undefined> {
  if (!credentials.username || !credentials.password) return undefined;
  if ((await countOwners(db)) > 0) return undefined;
  // Two instances starting together: the unique username lets one of them create it.
  return createOwner(db, credentials.username, credentials.password).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'conflict') return undefined;
    throw error;
  });
}
