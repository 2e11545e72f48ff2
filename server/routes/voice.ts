import cookieParser from 'cookie-parser';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  confirmCheckoutSchema,
  createSubscriptionSchema,
  createVapiWebCallSchema,
  endVoiceSessionSchema,
  lookupSubscriptionSchema,
  requestCodeSchema,
  startVoiceSessionSchema,
  verifyCodeSchema,
  VAPI_PROXY_PATH,
  voiceTurnSchema,
} from '../../shared/voice';
import type { AppContext } from '../app-deps';
import { notFound, unauthorized } from '../lib/app-error';
import { ensureBrowserKeyHash } from '../services/access/browser-key';
import { getPublicBaseUrl } from '../lib/public-url';
import { watchForDisconnect } from '../lib/watch-for-disconnect';
import { createAccessCookies, type CookieToIssue } from '../services/access/access-cookies';
import { requestVerificationCode, verifyCode } from '../services/access/verification-codes';
import { confirmCheckout } from '../services/billing/confirm-checkout';
import { createSubscription } from '../services/billing/create-subscription';
import { confirmDemoCheckout, getDemoCheckout } from '../services/billing/demo-checkout';
import { openBillingPortal } from '../services/billing/open-billing-portal';
import { endVoiceSession } from '../services/voice/end-voice-session';
import { createVapiWebCall } from '../services/voice/create-vapi-web-call';
import { getVoiceConfig, getVoiceProvider } from '../services/voice/get-voice-config';
import { listVoiceSessions, MAX_LISTED_SESSIONS } from '../services/voice/list-voice-sessions';
import { SESSION_NOT_FOUND } from '../services/voice/owned-session';
import { recordHeartbeat } from '../services/voice/record-heartbeat';
import { replyToVoiceTurn } from '../services/voice/reply-to-voice-turn';
import { startVoiceSession } from '../services/voice/start-voice-session';
import { lookupSubscriptionUser } from '../services/voice/lookup-subscription-user';
import { createVapiAssistantSync } from '../services/voice/vapi-assistant-sync';
import { toSubscriptionUserView, toVoiceSessionView } from '../services/voice/views';

const sessionIdParam = z.uuid();
const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LISTED_SESSIONS).optional(),
});

// /api/voice/config, /api/subscription-user, /api/create-subscription,
// /api/checkout-sessions/confirm, /api/demo-checkout/:id(/confirm), /api/billing-portal,
// /api/verification-codes(/verify), /api/voice-sessions(/:id(/turns|/end|/heartbeat)),
// /api/voice-sessions/:userId, /api/vapi/call/web
export function createVoiceRoutes(context: AppContext): Router {
  const { env } = context;
  const router = Router();
  const access = createAccessCookies(env, context.now);
  const assistants = createVapiAssistantSync(context);
  const limits = context.rateLimits.voice;
  const cookies = cookieParser();

  const verifiedEmailOf = (req: Request) => access.readVerifiedEmail(req.cookies as Record<string, unknown>);
  /** The browser's verified e-mail; with `forEmail` (normalised by the schema), only that one. */
  const requireVerifiedEmail = (req: Request, forEmail?: string) => {
    const email = verifiedEmailOf(req);
    if (!email || (forEmail !== undefined && email !== forEmail))
      throw unauthorized("Please verify it's you: confirm your e-mail address to continue.");
    return email;
  };
  const setCookie = (req: Request, res: Response, cookie: CookieToIssue) =>
    res.cookie(cookie.name, cookie.value, {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      maxAge: cookie.maxAgeMs,
      path: '/',
    });
  const baseUrlOf = (req: Request) => getPublicBaseUrl(env, `${req.protocol}://${req.get('host')}`);
  const provider = getVoiceProvider(env);

  router.get('/api/voice/config', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await getVoiceConfig(context, assistants));
  });

  // POST so the e-mail travels in the body, never in a URL (logs, history, referrers).
  router.post('/api/subscription-user', limits.lookup, cookies, async (req, res) => {
    const { email } = lookupSubscriptionSchema.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'no-store');
    res.json(await lookupSubscriptionUser(context, email, verifiedEmailOf(req)));
  });

  router.post('/api/create-subscription', limits.checkout, cookies, async (req, res) => {
    const input = createSubscriptionSchema.parse(req.body ?? {});
    // Before the database is asked: an unproven browser must not learn whether the address
    // already has a plan (the 409 below), nor start a checkout in someone else's name.
    requireVerifiedEmail(req, input.email);
    const browser = ensureBrowserKeyHash(req, res);
    const { checkoutUrl, sessionId } = await createSubscription(context, input, baseUrlOf(req), browser);
    setCookie(req, res, access.issueCheckout(sessionId, req.cookies as Record<string, unknown>));
    res.json({ checkoutUrl });
  });

  router.post('/api/checkout-sessions/confirm', limits.lookup, cookies, async (req, res) => {
    const { sessionId } = confirmCheckoutSchema.parse(req.body ?? {});
    const { user, isVerified } = await confirmCheckout(context, sessionId, {
      startedSessionIds: access.readCheckoutSessions(req.cookies as Record<string, unknown>),
      verifiedEmail: verifiedEmailOf(req),
    });
    if (isVerified) setCookie(req, res, access.issueVerified(user.email));
    res.json({ email: user.email, user: toSubscriptionUserView(user, isVerified) });
  });

  router.get('/api/demo-checkout/:sessionId', limits.lookup, (req, res) => {
    res.json(getDemoCheckout(context, String(req.params.sessionId)));
  });

  router.post('/api/demo-checkout/:sessionId/confirm', limits.lookup, async (req, res) => {
    res.json(await confirmDemoCheckout(context, String(req.params.sessionId)));
  });

  router.post('/api/billing-portal', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    res.json(await openBillingPortal(context, email, baseUrlOf(req)));
  });

  router.post('/api/verification-codes', limits.requestCode, cookies, async (req, res) => {
    const { email } = requestCodeSchema.parse(req.body ?? {});
    const browser = ensureBrowserKeyHash(req, res);
    res.status(202).json(await requestVerificationCode(context, access, email, browser));
  });

  router.post('/api/verification-codes/verify', limits.verifyCode, cookies, async (req, res) => {
    const { email, code } = verifyCodeSchema.parse(req.body ?? {});
    const browser = ensureBrowserKeyHash(req, res);
    setCookie(req, res, access.issueVerified(await verifyCode(context, access, email, code, browser)));
    res.json({ verified: true });
  });

  router.post('/api/voice-sessions', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const { userId } = startVoiceSessionSchema.parse(req.body ?? {});
    res.status(201).json(toVoiceSessionView(await startVoiceSession(context, email, userId, provider)));
  });

  router.patch('/api/voice-sessions/:id', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const id = parseSessionId(String(req.params.id));
    const input = endVoiceSessionSchema.parse(req.body ?? {});
    res.json(toVoiceSessionView(await endVoiceSession(context, email, id, input)));
  });

  // The page's navigator.sendBeacon while it is closed or reloaded mid-call: POST only, same body.
  router.post('/api/voice-sessions/:id/end', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const id = parseSessionId(String(req.params.id));
    const input = endVoiceSessionSchema.parse(req.body ?? {});
    res.json(toVoiceSessionView(await endVoiceSession(context, email, id, input)));
  });

  router.post('/api/voice-sessions/:id/heartbeat', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    await recordHeartbeat(context, email, parseSessionId(String(req.params.id)));
    res.status(204).end();
  });

  router.get('/api/voice-sessions/:userId', cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const { limit } = listQuerySchema.parse(req.query);
    const sessions = await listVoiceSessions(context, email, String(req.params.userId), limit);
    res.setHeader('Cache-Control', 'no-store');
    res.json(sessions.map(toVoiceSessionView));
  });

  // The page's Vapi SDK calls this instead of Vapi (VAPI_PROXY_PATH is its API base).
  router.post(`${VAPI_PROXY_PATH}/call/web`, cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const { assistant } = createVapiWebCallSchema.parse(req.body ?? {});
    res.status(201).json(await createVapiWebCall(context, assistants, email, assistant.voiceSessionId));
  });

  router.post('/api/voice-sessions/:id/turns', limits.voiceTurn, cookies, async (req, res) => {
    const email = requireVerifiedEmail(req);
    const id = parseSessionId(String(req.params.id));
    const { text } = voiceTurnSchema.parse(req.body ?? {});
    const caller = watchForDisconnect(res);
    const answer = await replyToVoiceTurn(context, email, id, text, caller.signal);
    if (answer) res.json(answer);
  });

  return router;
}

function parseSessionId(value: string): string {
  const parsed = sessionIdParam.safeParse(value);
  if (!parsed.success) throw notFound(SESSION_NOT_FOUND);
  return parsed.data;
}
