import cookieParser from 'cookie-parser';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '../app-deps';
import { unauthorized } from '../lib/app-error';
import { findSessionOwner, signIn, signOut } from '../services/owner/owner-sessions';

export const OWNER_SESSION_COOKIE = 'owner_session';

const signInSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.').max(100),
  password: z.string().min(1, 'Enter your password.').max(200),
});

/** The owner's session token from the cookie, if any. */
export const readOwnerSessionToken = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[OWNER_SESSION_COOKIE];
  return typeof value === 'string' && value ? value : undefined;
};

// POST /api/owner/session (sign in), GET /api/owner/session (who is signed in),
// DELETE /api/owner/session (sign out). The cookie is scoped to /api/owner, HttpOnly and
// SameSite=Strict, so no other site's page can use it.
export function createOwnerSessionRoutes(context: AppContext): Router {
  const db = context.database.db;
  const router = Router();
  router.use('/api/owner', cookieParser());

  router.post('/api/owner/session', context.rateLimits.ownerSignIn, async (req, res) => {
    const { username, password } = signInSchema.parse(req.body ?? {});
    // req.ip follows TRUST_PROXY: behind a proxy it must be set, or every visitor is one address.
    const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const session = await signIn(db, context.now, { address, username, password });
    res.cookie(OWNER_SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: '/api/owner',
      expires: session.expiresAt,
    });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ username });
  });

  router.get('/api/owner/session', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = readOwnerSessionToken(req);
    const owner = token ? await findSessionOwner(db, context.now(), token) : undefined;
    if (!owner) throw unauthorized('Please sign in.');
    res.json({ username: owner.username });
  });

  router.delete('/api/owner/session', async (req, res) => {
    const token = readOwnerSessionToken(req);
    if (token) await signOut(db, token);
    res.clearCookie(OWNER_SESSION_COOKIE, { path: '/api/owner' });
    res.status(204).end();
  });

  return router;
}
