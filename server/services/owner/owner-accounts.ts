import type { User } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { AppError, conflict } from '../../lib/app-error';
import { countOwners, insertOwner } from '../../storage/owners';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords';

export class WeakPasswordError extends Error {}

/** Creates an owner account; the password is stored as an scrypt hash. */
export async function createOwner(db: Queryable, username: string, password: string): Promise<User> {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new WeakPasswordError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  const user = await insertOwner(db, username, await hashPassword(password));
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
