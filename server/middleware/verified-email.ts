import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../app-deps';
import { unauthorized } from '../lib/app-error';
import { createAccessCookies, type CookieToIssue } from '../services/access/access-cookies';

export const VERIFY_FIRST_MESSAGE = "Please verify it's you: confirm your e-mail address to continue.";

/**
 * How the voice, billing and access routes know a browser: the signed cookies that prove it
 * controls an e-mail address (after a code or a completed checkout). One instance per app.
 */
export function createBrowserAccess(context: Pick<AppContext, 'sessionSecret' | 'now'>) {
  const { sessionSecret } = context;
  const cookies = createAccessCookies(() => sessionSecret.current(), context.now);
  // Every route that reads or issues these cookies goes through readCookies first, so the secret
  // (read from the database once per instance when SESSION_SECRET is unset) is there when used.
  const parseCookies = cookieParser();
  const readCookies: RequestHandler = (req, res, next) =>
    parseCookies(req, res, (error?: unknown) => {
      if (error) return next(error);
      sessionSecret.load().then(() => next(), next);
    });

  const verifiedEmailOf = (req: Request): string | undefined =>
    cookies.readVerifiedEmail(req.cookies as Record<string, unknown>);

  /** Refuses (401) a browser that has proven no e-mail; the route reads it with `verifiedEmail(res)`. */
  const requireVerifiedEmail: RequestHandler = (req, res, next) => {
    const email = verifiedEmailOf(req);
    if (!email) throw unauthorized(VERIFY_FIRST_MESSAGE);
    res.locals.verifiedEmail = email;
    next();
  };

  const issue = (req: Request, res: Response, cookie: CookieToIssue) =>
    res.cookie(cookie.name, cookie.value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      maxAge: cookie.maxAgeMs,
      path: '/',
    });

  return { cookies, readCookies, verifiedEmailOf, requireVerifiedEmail, issue };
}

export type BrowserAccess = ReturnType<typeof createBrowserAccess>;

/** The e-mail `requireVerifiedEmail` proved for this request. */
export const verifiedEmail = (res: Response): string => res.locals.verifiedEmail as string;
