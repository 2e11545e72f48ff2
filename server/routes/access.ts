import { Router } from 'express';
import { lookupSubscriptionSchema, requestCodeSchema, verifyCodeSchema } from '../../shared/voice';
import type { AppContext } from '../app-deps';
import type { BrowserAccess } from '../middleware/verified-email';
import { ensureBrowserKeyHash } from '../services/access/browser-key';
import { requestVerificationCode, verifyCode } from '../services/access/verification-codes';
import { lookupSubscriptionUser } from '../services/voice/lookup-subscription-user';

// How a browser proves an e-mail and what it may then see:
// POST /api/subscription-user, POST /api/verification-codes(/verify)
export function createAccessRoutes(context: AppContext, browser: BrowserAccess): Router {
  const router = Router();
  const limits = context.rateLimits.voice;

  // POST so the e-mail travels in the body, never in a URL (logs, history, referrers).
  router.post('/api/subscription-user', limits.lookup, browser.readCookies, async (req, res) => {
    const { email } = lookupSubscriptionSchema.parse(req.body ?? {});
    res.setHeader('Cache-Control', 'no-store');
    res.json(await lookupSubscriptionUser(context, email, browser.verifiedEmailOf(req)));
  });

  router.post('/api/verification-codes', limits.requestCode, browser.readCookies, async (req, res) => {
    const { email } = requestCodeSchema.parse(req.body ?? {});
    const browserKey = ensureBrowserKeyHash(req, res);
    res.status(202).json(await requestVerificationCode(context, browser.cookies, email, browserKey));
  });

  router.post('/api/verification-codes/verify', limits.verifyCode, browser.readCookies, async (req, res) => {
    const { email, code } = verifyCodeSchema.parse(req.body ?? {});
    const browserKey = ensureBrowserKeyHash(req, res);
    const verified = await verifyCode(context, browser.cookies, email, code, browserKey);
    browser.issue(req, res, browser.cookies.issueVerified(verified));
    res.json({ verified: true });
  });

  return router;
}
