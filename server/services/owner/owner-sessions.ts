import { createHash, randomBytes } from 'node:crypto';
import { addDays } from 'date-fns/addDays';
import type { User } from '../../../shared/schema';
import type { Database } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import {
  deleteExpiredOwnerSessions,
  deleteOwnerSession,
  findOwnerBySessionHash,
  insertOwnerSession,
} from '../../storage/owner-sessions';
import { findOwnerByUsername } from '../../storage/owners';
import { DUMMY_HASH_PROMISE, verifyPassword } from './passwords';
import { admitSignInAttempt, recordSignInSuccess } from './sign-in-throttle';

export const OWNER_SESSION_DAYS = 7;

const WRONG_CREDENTIALS = 'The username or password is wrong.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssuedSession {
  token: string;
  expiresAt: Date;
}

/**
 * Checks the password and opens a session. The attempt is counted (and perhaps delayed or
 * refused) before the password is hashed (sign-in-throttle.ts); an unknown username takes the
 * same steps and costs the same hashing, so the answer tells nothing about which names exist.
 */
export async function signIn(
  db: Database,
  clock: () => Date,
  attempt: { address: string; username: string; password: string },
): Promise<IssuedSession> {
  const { address, username, password } = attempt;
  await admitSignInAttempt(db, clock, address, username);
  const user = await findOwnerByUsername(db, username);
  const isRight = await verifyPassword(password, user?.password ?? (await DUMMY_HASH_PROMISE));
  if (!user || !isRight) throw unauthorized(WRONG_CREDENTIALS);

  await recordSignInSuccess(db, address, username);
  const now = clock();
  // Sessions are few: signing in is when the expired ones are cleared.
  await deleteExpiredOwnerSessions(db, now);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addDays(now, OWNER_SESSION_DAYS);
  await insertOwnerSession(db, { tokenHash: hashToken(token), userId: user.id, expiresAt });
  return { token, expiresAt };
}

/** The owner a session token belongs to, while it is valid. */
export async function findSessionOwner(db: Database, now: Date, token: string): Promise<User | undefined> {
  return findOwnerBySessionHash(db, hashToken(token), now);
}

export async function signOut(db: Database, token: string): Promise<void> {
  await deleteOwnerSession(db, hashToken(token));
}
