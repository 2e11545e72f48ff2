import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_FREE_CHECKS,
  ACCOUNT_WINDOW_MS,
  CHECK_PACE_MS,
  decideSignInAttempt,
  MAX_WAIT_MS,
  PAIR_FREE_FAILURES,
  PAIR_MAX_DELAY_MS,
  pairDelayMs,
} from '../../../../../server/services/owner/sign-in-throttle';

const NOW = new Date('2026-11-24T12:00:00Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);
const EMPTY = { failures: 0, lastFailureAt: null, windowStartedAt: null, nextCheckAt: null };

describe('the sign-in throttle', () => {
  it('lets an address fail a few times freely, then doubles its delay up to 15 minutes', () => {
    expect(pairDelayMs(PAIR_FREE_FAILURES - 1)).toBe(0);
    expect(pairDelayMs(PAIR_FREE_FAILURES)).toBe(1_000);
    expect(pairDelayMs(PAIR_FREE_FAILURES + 3)).toBe(8_000);
    expect(pairDelayMs(PAIR_FREE_FAILURES + 30)).toBe(PAIR_MAX_DELAY_MS);
  });

  it('refuses an address before its delay is over, and forgets its failures after a day', () => {
    const pair = { ...EMPTY, failures: PAIR_FREE_FAILURES + 1, lastFailureAt: NOW };
    expect(decideSignInAttempt(pair, EMPTY, after(1_999))).toEqual({ kind: 'refuse', retryAt: after(2_000) });
    expect(decideSignInAttempt(pair, EMPTY, after(2_000)).kind).toBe('check');
    const nextDay = decideSignInAttempt(pair, EMPTY, after(24 * 3_600_000));
    expect(nextDay.kind === 'check' && nextDay.pair.failures).toBe(1);
  });

  it("paces an account's checks past its free ones, delaying a clean address and refusing a failed one far back", () => {
    const busy = {
      failures: ACCOUNT_FREE_CHECKS,
      lastFailureAt: NOW,
      windowStartedAt: NOW,
      nextCheckAt: after(MAX_WAIT_MS + CHECK_PACE_MS),
    };
    const clean = decideSignInAttempt(EMPTY, busy, NOW);
    expect(clean).toMatchObject({ kind: 'check', at: busy.nextCheckAt });
    expect(clean.kind === 'check' && clean.account.nextCheckAt).toEqual(
      after(MAX_WAIT_MS + 2 * CHECK_PACE_MS),
    );
    const failedBefore = { ...EMPTY, failures: 1, lastFailureAt: NOW };
    expect(decideSignInAttempt(failedBefore, busy, NOW)).toEqual({
      kind: 'refuse',
      retryAt: after(CHECK_PACE_MS),
    });
    // A new window checks at once again.
    expect(decideSignInAttempt(failedBefore, busy, after(ACCOUNT_WINDOW_MS))).toMatchObject({
      kind: 'check',
      at: after(ACCOUNT_WINDOW_MS),
    });
  });
});
