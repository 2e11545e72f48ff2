import { createHmac } from 'node:crypto';
import { isSameSecret } from '../../lib/secrets';

// Proof that a browser controls an e-mail address, and which checkouts it started: signed values
// in HttpOnly, SameSite=Lax cookies, keyed by the session secret (session-secret.ts), which every
// instance shares and a restart keeps.

export const ACCESS_COOKIE = 'voice_access';
export const CHECKOUT_COOKIE = 'voice_checkout';

export const ACCESS_MAX_AGE_MS = 30 * 24 * 60 * 60_000;
export const CHECKOUT_MAX_AGE_MS = 24 * 60 * 60_000;
/** A browser remembers this many checkouts it started (enough for a few retries). */
const MAX_REMEMBERED_CHECKOUTS = 5;

export interface CookieToIssue {
  name: string;
  value: string;
  maxAgeMs: number;
}

type Purpose = 'access' | 'checkout';

export interface AccessCookies {
  /** The verified e-mail of this browser, if its access cookie is present, valid and unexpired. */
  readVerifiedEmail(cookies: Record<string, unknown> | undefined): string | undefined;
  issueVerified(email: string): CookieToIssue;
  /** Checkout sessions this browser started. */
  readCheckoutSessions(cookies: Record<string, unknown> | undefined): string[];
  /** The checkout cookie with `sessionId` added to those already remembered. */
  issueCheckout(sessionId: string, cookies: Record<string, unknown> | undefined): CookieToIssue;
  /** Keyed hash of a verification code, so the table never holds a usable code. */
  hashCode(email: string, code: string): string;
}

/** `secret`: the session secret, or how to read it once it is loaded. */
export function createAccessCookies(secret: string | (() => string), now: () => Date): AccessCookies {
  const keyOf = typeof secret === 'string' ? () => secret : secret;
  const mac = (text: string) => createHmac('sha256', keyOf()).update(text).digest('base64url');

  function sign(purpose: Purpose, data: unknown, maxAgeMs: number): string {
    const payload = Buffer.from(
      JSON.stringify({ p: purpose, d: data, x: now().getTime() + maxAgeMs }),
    ).toString('base64url');
    return `${payload}.${mac(payload)}`;
  }

  function verify(purpose: Purpose, token: unknown): unknown {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    if (!isSameSecret(signature, mac(payload))) return undefined;
    try {
      const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        p?: unknown;
        d?: unknown;
        x?: unknown;
      };
      if (parsed.p !== purpose || typeof parsed.x !== 'number' || parsed.x <= now().getTime())
        return undefined;
      return parsed.d;
    } catch {
      return undefined;
    }
  }

  const readCheckoutSessions = (cookies: Record<string, unknown> | undefined) => {
    const data = verify('checkout', cookies?.[CHECKOUT_COOKIE]);
    return Array.isArray(data) ? data.filter((id): id is string => typeof id === 'string') : [];
  };

  return {
    readVerifiedEmail(cookies) {
      const data = verify('access', cookies?.[ACCESS_COOKIE]);
      return typeof data === 'string' ? data : undefined;
    },
    issueVerified(email) {
      return {
        name: ACCESS_COOKIE,
        value: sign('access', email, ACCESS_MAX_AGE_MS),
        maxAgeMs: ACCESS_MAX_AGE_MS,
      };
    },
    readCheckoutSessions,
    issueCheckout(sessionId, cookies) {
      const ids = [...readCheckoutSessions(cookies).filter((id) => id !== sessionId), sessionId].slice(
        -MAX_REMEMBERED_CHECKOUTS,
      );
      return {
        name: CHECKOUT_COOKIE,
        value: sign('checkout', ids, CHECKOUT_MAX_AGE_MS),
        maxAgeMs: CHECKOUT_MAX_AGE_MS,
      };
    },
    hashCode(email, code) {
      return mac(`code:${email}:${code}`);
    },
  };
}
