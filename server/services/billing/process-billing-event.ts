import { ZodError } from 'zod';
import type { AppContext } from '../../app-deps';
import { badRequest } from '../../lib/app-error';
import { claimProcessedEvent } from '../../storage/processed-events';
import type { Queryable } from '../../db/client';
import { applyInvoicePaid, applyInvoicePaymentFailed } from './apply-invoice-events';
import { applyCheckoutCompleted, applySubscriptionChange } from './apply-subscription-events';
import type { BillingEventDeps } from './billing-state';
import {
  checkoutSessionSchema,
  invoiceSchema,
  subscriptionSchema,
  type CheckoutSessionObject,
} from './stripe-objects';

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

/**
 * Applies a billing event exactly once. The event id is claimed in processed_events in the same
 * transaction as its effect: of any number of deliveries (replays, retries, a second instance,
 * ten at once) one applies and the rest find the id taken. Types we do not handle are ignored.
 * A Stripe call an event needs (cancelling a duplicate subscription) runs inside the transaction:
 * when it fails, nothing is claimed and the error answer makes Stripe deliver the event again.
 */
export async function processBillingEvent(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing' | 'content'>,
  event: BillingEvent,
  source: EventSource,
): Promise<{ isHandled: boolean; isDuplicate: boolean }> {
  const handler = HANDLERS[event.type];
  if (!handler) return { isHandled: false, isDuplicate: false };
  const at = new Date(event.created * 1000);
  const deps: BillingEventDeps = {
    env: context.env,
    plans: context.content.plans,
    now: context.now,
    // Stripe's subscriptions, to settle a second live one; the demo checkout has none to settle.
    subscriptions: context.billing.mode === 'stripe' ? context.billing : undefined,
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

// The event ids the app gives the checkouts it applies itself: one per session and source.
const CHECKOUT_EVENT_PREFIX: Record<'checkout' | 'demo', string> = {
  checkout: 'checkout_return',
  demo: 'demo',
};

/**
 * A completed checkout the app learnt of itself (the return from Checkout, where the provider's
 * current answer is at least as new as any event sent before this moment; or the demo checkout),
 * applied as the checkout.session.completed event the webhook would get, once per session.
 */
export function applyCheckoutSession(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing' | 'content'>,
  session: CheckoutSessionObject,
  source: 'checkout' | 'demo',
): Promise<{ isHandled: boolean; isDuplicate: boolean }> {
  return processBillingEvent(
    context,
    {
      id: `${CHECKOUT_EVENT_PREFIX[source]}:${session.id}`,
      type: 'checkout.session.completed',
      created: Math.floor(context.now().getTime() / 1000),
      data: { object: session },
    },
    source,
  );
}
