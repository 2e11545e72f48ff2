import { ZodError } from 'zod';
import type { AppContext } from '../../app-deps';
import type { Env } from '../../env';
import { badRequest } from '../../lib/app-error';
import { claimProcessedEvent } from '../../storage/processed-events';
import type { Queryable } from '../../storage/subscription-users';
import { applyInvoicePaid, applyInvoicePaymentFailed } from './apply-invoice-events';
import { applyCheckoutCompleted, applySubscriptionChange } from './apply-subscription-events';
import { getBillingMode, type SubscriptionControl } from './billing';
import type { BillingEventDeps } from './billing-state';
import { createStripeBilling } from './stripe-billing';
import { checkoutSessionSchema, invoiceSchema, subscriptionSchema } from './stripe-objects';

/** A Stripe event, or one the app builds in the same shape (checkout return, demo checkout). */
export interface BillingEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, as Stripe counts. */
  created: number;
  data: { object: unknown };
}

type Handler = (tx: Queryable, object: unknown, at: Date, deps: BillingEventDeps) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  'checkout.session.completed': (tx, object, at, deps) =>
    applyCheckoutCompleted(tx, checkoutSessionSchema.parse(object), at, deps),
  'customer.subscription.created': (tx, object, at, deps) =>
    applySubscriptionChange(tx, subscriptionSchema.parse(object), at, false, deps),
  'customer.subscription.updated': (tx, object, at, deps) =>
    applySubscriptionChange(tx, subscriptionSchema.parse(object), at, false, deps),
  'customer.subscription.deleted': (tx, object, at, deps) =>
    applySubscriptionChange(tx, subscriptionSchema.parse(object), at, true, deps),
  'invoice.paid': (tx, object, at, deps) => applyInvoicePaid(tx, invoiceSchema.parse(object), at, deps),
  'invoice.payment_failed': (tx, object, at, deps) =>
    applyInvoicePaymentFailed(tx, invoiceSchema.parse(object), at, deps),
};

export type EventSource = 'stripe' | 'demo' | 'checkout';

const stripeByEnv = new WeakMap<Env, SubscriptionControl>();

/** Stripe's subscriptions for this configuration, one client per app; none in demo mode. */
function getSubscriptionControl(env: Env): SubscriptionControl | undefined {
  if (getBillingMode(env) !== 'stripe') return undefined;
  let control = stripeByEnv.get(env);
  if (!control) {
    control = createStripeBilling(env);
    stripeByEnv.set(env, control);
  }
  return control;
}

/**
 * Applies a billing event exactly once. The event id is claimed in processed_events in the same
 * transaction as its effect: of any number of deliveries (replays, retries, a second instance,
 * ten at once) one applies and the rest find the id taken. Types we do not handle are ignored.
 * A Stripe call an event needs (cancelling a duplicate subscription) runs inside the transaction:
 * when it fails, nothing is claimed and the error answer makes Stripe deliver the event again.
 */
export async function processBillingEvent(
  context: Pick<AppContext, 'database' | 'env' | 'now'>,
  event: BillingEvent,
  source: EventSource,
): Promise<{ isHandled: boolean; isDuplicate: boolean }> {
  const handler = HANDLERS[event.type];
  if (!handler) return { isHandled: false, isDuplicate: false };
  const at = new Date(event.created * 1000);
  const deps: BillingEventDeps = {
    env: context.env,
    now: context.now,
    subscriptions: getSubscriptionControl(context.env),
  };
  try {
    const isApplied = await context.database.db.transaction(async (tx) => {
      if (!(await claimProcessedEvent(tx, { id: event.id, source, type: event.type }))) return false;
      await handler(tx, event.data.object, at, deps);
      return true;
    });
    return { isHandled: true, isDuplicate: !isApplied };
  } catch (error) {
    if (error instanceof ZodError) throw badRequest('The event payload is not in the expected shape.');
    throw error;
  }
}
