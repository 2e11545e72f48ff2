import Stripe from 'stripe';
import type { Env } from '../../env';
import { badRequest, unavailable } from '../../lib/app-error';
import type { BillingEvent } from './process-billing-event';

/** Seconds a signed delivery stays acceptable (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook delivery's Stripe-Signature over the exact raw body with STRIPE_WEBHOOK_SECRET
 * (timestamp within the tolerance of our clock) and returns the event. Anything else is 400.
 */
export function constructStripeEvent(
  env: Pick<Env, 'STRIPE_WEBHOOK_SECRET'>,
  rawBody: unknown,
  signature: string | undefined,
  now: Date,
): BillingEvent {
  if (!env.STRIPE_WEBHOOK_SECRET) throw unavailable('Stripe webhooks are not configured on this server.');
  if (!Buffer.isBuffer(rawBody) || !signature)
    throw badRequest('The webhook signature is missing or not valid.');
  try {
    return Stripe.webhooks.constructEvent(
      rawBody,
      signature,
      env.STRIPE_WEBHOOK_SECRET,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      // Milliseconds: the SDK measures the signature's age against our clock.
      now.getTime(),
    );
  } catch {
    throw badRequest('The webhook signature is missing or not valid.');
  }
}
