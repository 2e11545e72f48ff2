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
export function createBrowserAccess(context: Pick<AppContext, 'env' | 'now'>) {
  const cookies = createAccessCookies(context.env, context.now);
  const readCookies: RequestHandler = cookieParser();

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
