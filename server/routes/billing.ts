import { Router, type Request } from 'express';
import { changeDemoPlanSchema, confirmCheckoutSchema, createSubscriptionSchema } from '../../shared/voice';
import type { AppContext } from '../app-deps';
import { getPublicBaseUrl } from '../lib/public-url';
import { verifiedEmail, type BrowserAccess } from '../middleware/verified-email';
import { ensureBrowserKeyHash } from '../services/access/browser-key';
import { cancelDemoSubscription } from '../services/billing/cancel-demo-subscription';
import { changeDemoPlan } from '../services/billing/change-demo-plan';
import { confirmCheckout } from '../services/billing/confirm-checkout';
import { createSubscription } from '../services/billing/create-subscription';
import { confirmDemoCheckout, getDemoCheckout } from '../services/billing/demo-checkout';
import { openBillingPortal } from '../services/billing/open-billing-portal';
import { toSubscriptionUserView } from '../services/voice/views';

// Plans and payment: GET /api/plans, POST /api/create-subscription, POST /api/checkout-sessions/confirm,
// GET|POST /api/demo-checkout/:id(/confirm), POST /api/billing-portal, POST /api/demo-plan,
// POST /api/demo-cancel
export function createBillingRoutes(context: AppContext, browser: BrowserAccess): Router {
  const router = Router();
  const limits = context.rateLimits.voice;
  const baseUrlOf = (req: Request) => getPublicBaseUrl(context.env, `${req.protocol}://${req.get('host')}`);

  // The owner's plans (content/plans.json): public, the same for every visitor.
  router.get('/api/plans', (_req, res) => {
    res.json(context.content.plans);
  });

  router.post('/api/create-subscription', limits.checkout, browser.readCookies, async (req, res) => {
    const input = createSubscriptionSchema.parse(req.body ?? {});
    const subscriber = {
      keyHash: ensureBrowserKeyHash(req, res),
      isVerified: browser.verifiedEmailOf(req) === input.email,
    };
    const { checkoutUrl, sessionId } = await createSubscription(context, input, baseUrlOf(req), subscriber);
    browser.issue(req, res, browser.cookies.issueCheckout(sessionId, req.cookies as Record<string, unknown>));
    res.json({ checkoutUrl });
  });

  router.post('/api/checkout-sessions/confirm', limits.lookup, browser.readCookies, async (req, res) => {
    const { sessionId } = confirmCheckoutSchema.parse(req.body ?? {});
    const { user, isVerified } = await confirmCheckout(context, sessionId, {
      startedSessionIds: browser.cookies.readCheckoutSessions(req.cookies as Record<string, unknown>),
      verifiedEmail: browser.verifiedEmailOf(req),
    });
    if (isVerified) browser.issue(req, res, browser.cookies.issueVerified(user.email));
    res.json({ email: user.email, user: toSubscriptionUserView(user, isVerified) });
  });

  router.get('/api/demo-checkout/:sessionId', limits.lookup, (req, res) => {
    res.json(getDemoCheckout(context, String(req.params.sessionId)));
  });

  router.post('/api/demo-checkout/:sessionId/confirm', limits.lookup, async (req, res) => {
    res.json(await confirmDemoCheckout(context, String(req.params.sessionId)));
  });

  router.post('/api/billing-portal', browser.readCookies, browser.requireVerifiedEmail, async (req, res) => {
    res.json(await openBillingPortal(context, verifiedEmail(res), baseUrlOf(req)));
  });

  router.post('/api/demo-plan', browser.readCookies, browser.requireVerifiedEmail, async (req, res) => {
    const { plan } = changeDemoPlanSchema.parse(req.body ?? {});
    res.json(toSubscriptionUserView(await changeDemoPlan(context, verifiedEmail(res), plan), true));
  });

  router.post('/api/demo-cancel', browser.readCookies, browser.requireVerifiedEmail, async (_req, res) => {
    res.json(toSubscriptionUserView(await cancelDemoSubscription(context, verifiedEmail(res)), true));
  });

  return router;
}
