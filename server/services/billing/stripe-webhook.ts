import { z } from 'zod';
import { text } from '../../../shared/text';
import type { Env } from '../../env';
import { badRequest, unavailable } from '../../lib/app-error';
import type { BillingEvent } from './process-billing-event';
import { loadStripeSdk } from './stripe-client';
import { unixSeconds } from './stripe-objects';

/** The envelope every Stripe event has; what `data.object` holds is checked per event type. */
const eventEnvelopeSchema = z.looseObject({
  id: text().min(1).max(255),
  type: text().min(1).max(255),
  created: unixSeconds,
  data: z.looseObject({ object: z.unknown() }),
});

/** Seconds a signed delivery stays acceptable (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook delivery's Stripe-Signature over the exact raw body with STRIPE_WEBHOOK_SECRET
 * (timestamp within the tolerance of our clock) and returns the event. Anything else is 400.
 */
export async function constructStripeEvent(
  env: Pick<Env, 'STRIPE_WEBHOOK_SECRET'>,
  rawBody: unknown,
  signature: string | undefined,
  now: Date,
): Promise<BillingEvent> {
  if (!env.STRIPE_WEBHOOK_SECRET) throw unavailable('Stripe webhooks are not configured on this server.');
  if (!Buffer.isBuffer(rawBody) || !signature)
    throw badRequest('The webhook signature is missing or not valid.');
  const Stripe = await loadStripeSdk();
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(
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
  // Signed is not the same as well-formed: a payload without an id or type cannot be processed.
  const parsed = eventEnvelopeSchema.safeParse(event);
  if (!parsed.success) throw badRequest('The event is not in the expected shape.');
  return parsed.data;
}
