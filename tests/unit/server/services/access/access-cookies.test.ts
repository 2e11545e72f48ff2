import { describe, expect, it } from 'vitest';
import {
  ACCESS_COOKIE,
  CHECKOUT_COOKIE,
  createAccessCookies,
} from '../../../../../server/services/access/access-cookies';

const SECRET = 'unit-test-secret-that-is-long-enough-123456';

describe('access cookies', () => {
  let now = new Date('2026-05-04T12:00:00Z');
  const cookies = createAccessCookies(SECRET, () => now);

  it('round-trips a verified e-mail until it expires', () => {
    const issued = cookies.issueVerified('a@example.com');
    expect(issued.name).toBe(ACCESS_COOKIE);
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: issued.value })).toBe('a@example.com');
    now = new Date(now.getTime() + issued.maxAgeMs + 1);
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: issued.value })).toBeUndefined();
    now = new Date('2026-05-04T12:00:00Z');
  });

  it('refuses other secrets, edits and the checkout cookie in its place', () => {
    const other = createAccessCookies(`${SECRET}x`, () => now);
    const foreign = other.issueVerified('a@example.com').value;
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: foreign })).toBeUndefined();
    const value = cookies.issueVerified('a@example.com').value;
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: `${value}x` })).toBeUndefined();
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: `x${value}` })).toBeUndefined();
    const checkout = cookies.issueCheckout('cs_1', {}).value;
    expect(cookies.readVerifiedEmail({ [ACCESS_COOKIE]: checkout })).toBeUndefined();
    expect(cookies.readVerifiedEmail({})).toBeUndefined();
    expect(cookies.readVerifiedEmail(undefined)).toBeUndefined();
  });

  it('remembers the last five checkouts a browser started', () => {
    let jar: Record<string, unknown> = {};
    for (let i = 1; i <= 7; i++) jar = { [CHECKOUT_COOKIE]: cookies.issueCheckout(`cs_${i}`, jar).value };
    expect(cookies.readCheckoutSessions(jar)).toEqual(['cs_3', 'cs_4', 'cs_5', 'cs_6', 'cs_7']);
  });

  it('hashes codes per e-mail', () => {
    expect(cookies.hashCode('a@example.com', '123456')).toBe(cookies.hashCode('a@example.com', '123456'));
    expect(cookies.hashCode('a@example.com', '123456')).not.toBe(cookies.hashCode('b@example.com', '123456'));
  });
});
