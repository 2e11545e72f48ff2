import request from 'supertest';
import type { Express } from 'express';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createOwner } from '../../server/services/owner/owner-accounts';
import { verifyPassword } from '../../server/services/owner/passwords';
import type * as Passwords from '../../server/services/owner/passwords';
import {
  ACCOUNT_FREE_CHECKS,
  CHECK_PACE_MS,
  PAIR_FREE_FAILURES,
} from '../../server/services/owner/sign-in-throttle';
import { useTestApp } from '../helpers/test-app';

// Guessing the owner's password is slowed without letting a stranger lock the owner out
// (docs/decisions/017). Each address is its own X-Forwarded-For (one trusted proxy in front).
// The password checks are counted: that a check ran is what the tests assert, never wall time.

// The owner's hash is made at a low scrypt cost (the cost travels with the hash, so each check
// costs that too), and so is the unknown username's stand-in: the throttle counts checks, not their
// price. The production cost is unchanged.
const LOW_COST = vi.hoisted(() => ({ N: 2 ** 10, r: 8, p: 1 }));
vi.mock('../../server/services/owner/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return {
    ...actual,
    hashPassword: (password: string) => actual.hashPassword(password, LOW_COST),
    DUMMY_HASH_PROMISE: actual.hashPassword('not the password of anyone', LOW_COST),
    verifyPassword: vi.fn(actual.verifyPassword),
  };
});
const passwordChecks = vi.mocked(verifyPassword);

const PASSWORD = 'correct horse battery';
const T0 = new Date('2026-11-24T12:00:00Z');
let clock = T0;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe('owner sign-in under guessing', () => {
  const ctx = useTestApp({ now: () => clock, env: { TRUST_PROXY: '1' } });
  let app: Express;
  beforeEach(async () => {
    clock = T0;
    app = ctx.rebuild();
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    passwordChecks.mockClear();
  });
  const signIn = (address: string, password: string, username = 'alex') =>
    request(app)
      .post('/api/owner/session')
      .set('X-Forwarded-For', address)
      .send({ username, password })
      .then((res) => res);
  // The 40 admissions take turns on one locked row: on a busy PostgreSQL that is past waitFor's 1 s.
  const CHECKS_WAIT = { timeout: 10_000 };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('checks at most its free count of 40 parallel guesses from 40 addresses at once, the rest in turn; the owner still signs in', async () => {
    const guesses = Array.from({ length: 40 }, (_, i) => signIn(`198.51.100.${i + 1}`, `guess ${i}`));
    await vi.waitFor(() => expect(passwordChecks).toHaveBeenCalledTimes(ACCOUNT_FREE_CHECKS), CHECKS_WAIT);
    await settle();
    // The clock has not moved: every other guess waits for its turn, unchecked.
    expect(passwordChecks).toHaveBeenCalledTimes(ACCOUNT_FREE_CHECKS);

    // The owner, from an address that has not failed, queues too: delayed, never refused.
    const owner = signIn('203.0.113.7', PASSWORD);
    // An address that has failed, with its turn this far away, is refused without a check.
    const again = await signIn('198.51.100.1', 'guess again');
    expect(again.status).toBe(429);
    await settle();
    expect(passwordChecks).toHaveBeenCalledTimes(ACCOUNT_FREE_CHECKS);

    // Half of the paced turns come: that many more checks, no more.
    advance(15 * CHECK_PACE_MS);
    await vi.waitFor(
      () => expect(passwordChecks).toHaveBeenCalledTimes(ACCOUNT_FREE_CHECKS + 15),
      CHECKS_WAIT,
    );
    await settle();
    expect(passwordChecks).toHaveBeenCalledTimes(ACCOUNT_FREE_CHECKS + 15);

    advance(60_000);
    const statuses = (await Promise.all(guesses)).map((res) => res.status);
    expect(statuses).toEqual(Array(40).fill(401));
    expect((await owner).status).toBe(200);
    expect(passwordChecks).toHaveBeenCalledTimes(41);
  });

  it('slows the address that fails and no other: the owner signs in from elsewhere at once', async () => {
    const attacker = '198.51.100.66';
    for (let i = 0; i < PAIR_FREE_FAILURES; i++)
      expect((await signIn(attacker, `guess ${i}`)).status).toBe(401);
    // (Few requests in all: the per-address request limit, 10 in 15 minutes, stays out of this.)
    for (let i = 0; i < 2; i++) expect((await signIn(attacker, `guess ${i}`)).status).toBe(429);
    expect(passwordChecks).toHaveBeenCalledTimes(PAIR_FREE_FAILURES);
    // Under the old lockout five failures shut the account for everyone, right password included.
    const owner = await signIn('203.0.113.7', PASSWORD);
    expect(owner.status).toBe(200);
    // The failing address itself waits its delay (refused unchecked), then may try again.
    expect((await signIn(attacker, PASSWORD)).status).toBe(429);
    advance(1_000);
    expect((await signIn(attacker, 'guess 4')).status).toBe(401);
    expect((await signIn(attacker, PASSWORD)).status).toBe(429);
    advance(2_000);
    expect((await signIn(attacker, PASSWORD)).status).toBe(200);
  });

  it('answers unknown usernames as it answers a wrong password, after the same password check', async () => {
    const known = await signIn('198.51.100.1', 'wrong password');
    expect(passwordChecks).toHaveBeenCalledTimes(1);
    const unknown = await signIn('198.51.100.2', 'wrong password', 'nobody');
    expect(passwordChecks).toHaveBeenCalledTimes(2);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body.message).toBe(known.body.message);

    // The brakes count typed usernames alike, known or not: no 429 tells which exist.
    const statusesOf = async (address: string, username: string) => {
      const statuses: number[] = [];
      for (let i = 0; i <= PAIR_FREE_FAILURES; i++)
        statuses.push((await signIn(address, `guess ${i}`, username)).status);
      return statuses;
    };
    const knownStatuses = await statusesOf('198.51.100.3', 'alex');
    expect(await statusesOf('198.51.100.4', 'nobody')).toEqual(knownStatuses);
    expect(knownStatuses.at(-1)).toBe(429);
    expect(passwordChecks).toHaveBeenCalledTimes(2 + 2 * PAIR_FREE_FAILURES);
  });
});
