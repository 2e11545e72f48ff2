import express, { Router, type Request } from 'express';
import type { AppContext } from '../app-deps';
import { unauthorized, unavailable } from '../lib/app-error';
import { isSameSecret, readBearerToken } from '../lib/secrets';
import { constructStripeEvent } from '../services/billing/stripe-webhook';
import { processBillingEvent } from '../services/billing/process-billing-event';
import { applyVapiReport } from '../services/voice/apply-vapi-report';

// Routes that read their bodies themselves, mounted before the app's 32 kB JSON parser:
// POST /api/stripe/webhook (raw body, for the signature) and POST /api/vapi/webhook (reports carry
// whole transcripts). A body read here is not read again by the global parser.
export function createWebhookRoutes(context: AppContext): Router {
  const { env } = context;
  const router = Router();

  router.post(
    '/api/stripe/webhook',
    express.raw({ type: 'application/json', limit: '1mb' }),
    async (req, res) => {
      const event = await constructStripeEvent(env, req.body, req.get('stripe-signature'), context.now());
      const { isHandled, isDuplicate } = await processBillingEvent(context, event, 'stripe');
      res.json({ received: true, isHandled, isDuplicate });
    },
  );

  router.post(
    '/api/vapi/webhook',
    (req, _res, next) => {
      if (!env.VAPI_WEBHOOK_SECRET) throw unavailable('Vapi webhooks are not configured on this server.');
      if (!hasVapiSecret(req, env.VAPI_WEBHOOK_SECRET))
        throw unauthorized('The Vapi webhook secret is missing or wrong.');
      next();
    },
    express.json({ limit: '2mb' }),
    async (req, res) => {
      res.json({ received: true, outcome: await applyVapiReport(context, req.body) });
    },
  );

  return router;
}

/** Vapi sends the server URL's secret as `x-vapi-secret` (or a Bearer credential). */
function hasVapiSecret(req: Request, secret: string): boolean {
  const given = req.get('x-vapi-secret') ?? readBearerToken(req.get('authorization'));
  return given !== undefined && isSameSecret(given, secret);
}
