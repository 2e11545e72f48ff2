import { createHash, randomBytes } from 'node:crypto';
import { addDays, addMinutes } from 'date-fns';
import type { User } from '../../../shared/schema';
import type { Database } from '../../db/client';
import { rateLimited, unauthorized } from '../../lib/app-error';
import {
  deleteExpiredOwnerSessions,
  deleteOwnerSession,
  findOwnerBySessionHash,
  insertOwnerSession,
} from '../../storage/owner-sessions';
import {
  clearSignInFailures,
  findOwnerByUsername,
  incrementSignInFailures,
  lockOwner,
} from '../../storage/owners';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';

export const OWNER_SESSION_DAYS = 7;
/** Failed sign-ins in a row that lock an account, and for how long. */
export const LOCKOUT_AFTER_FAILURES = 5;
export const LOCKOUT_MINUTES = 15;

const WRONG_CREDENTIALS = 'The username or password is wrong.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/**
 * Checks the password and opens a session. A wrong password counts towards a lockout; an unknown
 * username costs the same hashing time, so the answer tells nothing about which names exist.
 */
export async function signIn(
  db: Database,
  now: Date,
  username: string,
  password: string,
): Promise<IssuedSession> {
  const user = await findOwnerByUsername(db, username);
  if (!user) {
    await verifyPassword(password, await DUMMY_HASH_PROMISE);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  if (user.lockedUntil && user.lockedUntil > now) throw lockedOut(user.lockedUntil, now);

  if (!(await verifyPassword(password, user.password))) {
    await recordFailure(db, user, now);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await clearSignInFailures(db, user.id);
  // Sessions are few: signing in is when the expired ones are cleared.
  await deleteExpiredOwnerSessions(db, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addDays(now, OWNER_SESSION_DAYS);
  await insertOwnerSession(db, { tokenHash: hashToken(token), userId: user.id, expiresAt });
  return { token, expiresAt };
}

// Counted in the database (an atomic increment), so parallel guesses cannot skip the lockout.
async function recordFailure(db: Database, user: User, now: Date) {
  const failures = await incrementSignInFailures(db, user.id);
  if (failures >= LOCKOUT_AFTER_FAILURES) await lockOwner(db, user.id, addMinutes(now, LOCKOUT_MINUTES));
}

function lockedOut(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return rateLimited(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}

/** The owner a session token belongs to, while it is valid. */
export async function findSessionOwner(db: Database, now: Date, token: string): Promise<User | undefined> {
  return findOwnerBySessionHash(db, hashToken(token), now);
}

export async function signOut(db: Database, token: string): Promise<void> {
  await deleteOwnerSession(db, hashToken(token));
}
