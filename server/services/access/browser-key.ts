import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';

// A browser's own credential: 32 random bytes in an HttpOnly cookie, issued the first time the
// browser starts a conversation or claims an e-mail. The database keeps only its SHA-256, so a
// leaked table (or an exported transcript, which carries ids only) opens nothing. One key owns
// every conversation of the browser, so a later "new chat" needs no further cookie.

export const BROWSER_KEY_COOKIE = 'browser_key';
const BROWSER_KEY_MAX_AGE_MS = 365 * 24 * 60 * 60_000;
const KEY_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 of a browser key: enough for a random 256-bit value, no secret needed. */
export function hashBrowserKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** The hash of this browser's key, or undefined when it has none (or a malformed one). */
export function readBrowserKeyHash(req: Request): string | undefined {
  const key: unknown = (req.cookies as Record<string, unknown> | undefined)?.[BROWSER_KEY_COOKIE];
  return typeof key === 'string' && KEY_FORMAT.test(key) ? hashBrowserKey(key) : undefined;
}

/** The hash of this browser's key, issuing a new key (cookie) when it has none. */
export function ensureBrowserKeyHash(req: Request, res: Response): string {
  const existing = readBrowserKeyHash(req);
  if (existing) return existing;
  const key = randomBytes(32).toString('base64url');
  res.cookie(BROWSER_KEY_COOKIE, key, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    maxAge: BROWSER_KEY_MAX_AGE_MS,
    path: '/',
  });
  return hashBrowserKey(key);
}
