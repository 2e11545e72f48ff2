import { createHash } from 'node:crypto';
import type { SignInThrottle } from '../../../shared/schema';
import type { Database } from '../../db/client';
import { rateLimited } from '../../lib/app-error';
import {
  deleteSignInThrottle,
  deleteStaleSignInThrottles,
  lockSignInThrottles,
  takeBackSignInFailure,
  updateSignInThrottle,
} from '../../storage/sign-in-throttles';

// Brakes on guessing the owner's password that no stranger can turn into a lockout
// (docs/decisions/017). Every attempt is counted in the database before its password is hashed,
// under a row lock, so parallel guesses are counted one by one:
// - per address and typed username: a few failures are free, then each attempt must wait for a
//   delay that doubles with every failure (1 s, 2 s, 4 s, ... up to 15 minutes); an attempt too
//   early is refused without a check. Only that address is slowed: the owner elsewhere is not.
// - per typed username, from every address: past ACCOUNT_FREE_CHECKS failures in a window the
//   account's password checks are paced, one every CHECK_PACE_MS, and an attempt waits for its
//   turn. An address that has failed before is refused instead when its turn is more than
//   MAX_WAIT_MS away; an address that has not is never refused, only delayed.
// Unknown usernames go through the same steps and the same hashing, so the answers (status and
// time) do not tell which usernames exist.

export const PAIR_FREE_FAILURES = 3;
const PAIR_FIRST_DELAY_MS = 1_000;
export const PAIR_MAX_DELAY_MS = 15 * 60_000;
/** An address's failures on a username are forgotten this long after its last one. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

export const ACCOUNT_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FREE_CHECKS = 10;
export const CHECK_PACE_MS = 500;
export const MAX_WAIT_MS = 10_000;
/** How often a paced attempt looks at the clock while it waits for its turn. */
const WAIT_STEP_MS = 100;

type Counts = Pick<SignInThrottle, 'failures' | 'lastFailureAt' | 'windowStartedAt' | 'nextCheckAt'>;

export type SignInDecision =
  { kind: 'refuse'; retryAt: Date } | { kind: 'check'; at: Date; pair: Counts; account: Counts };

/** The delay an address must leave after its `failures`-th failure on a username. */
export function pairDelayMs(failures: number): number {
  if (failures < PAIR_FREE_FAILURES) return 0;
  return Math.min(PAIR_FIRST_DELAY_MS * 2 ** (failures - PAIR_FREE_FAILURES), PAIR_MAX_DELAY_MS);
}

/** Whether an attempt may go on to the password check, and when; the counts it leaves. */
export function decideSignInAttempt(pair: Counts, account: Counts, now: Date): SignInDecision {
  const at = now.getTime();
  const pairFailures =
    pair.lastFailureAt && at - pair.lastFailureAt.getTime() < FORGET_AFTER_MS ? pair.failures : 0;
  if (pairFailures > 0 && pair.lastFailureAt) {
    const readyAt = pair.lastFailureAt.getTime() + pairDelayMs(pairFailures);
    if (readyAt > at) return { kind: 'refuse', retryAt: new Date(readyAt) };
  }

  const isNewWindow = !account.windowStartedAt || at - account.windowStartedAt.getTime() >= ACCOUNT_WINDOW_MS;
  const accountFailures = isNewWindow ? 0 : account.failures;
  // Past the window's free checks, one check a pace after the one before (turns handed out in
  // order of arrival).
  const checkAt =
    accountFailures < ACCOUNT_FREE_CHECKS ? at : Math.max(at, account.nextCheckAt?.getTime() ?? at);
  if (pairFailures > 0 && checkAt - at > MAX_WAIT_MS)
    return { kind: 'refuse', retryAt: new Date(checkAt - MAX_WAIT_MS) };
  return {
    kind: 'check',
    at: new Date(checkAt),
    pair: { failures: pairFailures + 1, lastFailureAt: now, windowStartedAt: null, nextCheckAt: null },
    account: {
      failures: accountFailures + 1,
      lastFailureAt: now,
      windowStartedAt: isNewWindow ? now : account.windowStartedAt,
      nextCheckAt: new Date(checkAt + CHECK_PACE_MS),
    },
  };
}

const keyOf = (...parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('base64url');
const throttleKeys = (address: string, username: string) => ({
  pair: `pair:${keyOf(address, username)}`,
  account: `account:${keyOf(username)}`,
});

/**
 * Counts this attempt as a failure and waits for its turn to have its password checked, or
 * refuses it (429) without a check. Call recordSignInSuccess when the password was right.
 */
export async function admitSignInAttempt(
  db: Database,
  clock: () => Date,
  address: string,
  username: string,
): Promise<void> {
  const keys = throttleKeys(address, username);
  const now = clock();
  const decision = await db.transaction(async (tx) => {
    await deleteStaleSignInThrottles(tx, new Date(now.getTime() - FORGET_AFTER_MS));
    const rows = await lockSignInThrottles(tx, [keys.account, keys.pair], now);
    const decided = decideSignInAttempt(rows.get(keys.pair)!, rows.get(keys.account)!, now);
    if (decided.kind === 'check') {
      await updateSignInThrottle(tx, keys.pair, { ...decided.pair, updatedAt: now });
      await updateSignInThrottle(tx, keys.account, { ...decided.account, updatedAt: now });
    }
    return decided;
  });
  if (decision.kind === 'refuse') throw tooManyAttempts(decision.retryAt, now);
  // The app's clock, looked at in steps: what a test's clock says is what counts.
  while (clock() < decision.at)
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(WAIT_STEP_MS, decision.at.getTime() - clock().getTime())),
    );
}

/** The password was right: this address starts afresh, and the account's count is taken back. */
export async function recordSignInSuccess(db: Database, address: string, username: string): Promise<void> {
  const keys = throttleKeys(address, username);
  await deleteSignInThrottle(db, keys.pair);
  await takeBackSignInFailure(db, keys.account);
}

function tooManyAttempts(retryAt: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const wait =
    seconds < 90 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return rateLimited(`Too many failed sign-ins from this address. Try again in ${wait}.`);
}
