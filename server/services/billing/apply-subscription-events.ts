import { findPricedPlan } from '../../../shared/plans';
import type { Queryable } from '../../db/client';
import {
  applySubscriptionState,
  lockBillingUser,
  toSubscriptionStatus,
  type BillingEventDeps,
} from './billing-state';
import { resolvePlanFromPrice } from './plan-prices';
import {
  expandedSubscription,
  idOf,
  subscriptionPeriodEnd,
  type CheckoutSessionObject,
  type SubscriptionObject,
} from './stripe-objects';

/**
 * checkout.session.completed (also replayed by the checkout return and the demo checkout): the
 * paid session activates the plan it was created for.
 */
export async function applyCheckoutCompleted(
  tx: Queryable,
  session: CheckoutSessionObject,
  at: Date,
  deps: BillingEventDeps,
): Promise<void> {
  if (session.mode && session.mode !== 'subscription') return;
  if (session.status !== 'complete') return;
  if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;

  const subscription = expandedSubscription(session.subscription);
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  const user = await lockBillingUser(tx, {
    subscriptionId,
    userId: session.client_reference_id ?? session.metadata?.userId,
    customerId,
  });
  if (!user) return;

  const plan =
    (subscription && resolvePlanFromPrice(deps.env, deps.plans, subscription.items?.data[0]?.price)) ??
    findPricedPlan(deps.plans, session.metadata?.plan);
  // A new subscription starts a fresh allowance. Its first invoice is remembered as counted so
  // that invoice's own invoice.paid does not reset the minutes a second time later.
  const invoiceId = idOf(session.invoice);
  const isNewSubscription =
    subscriptionId !== undefined &&
    subscriptionId !== user.stripeSubscriptionId &&
    (invoiceId === undefined || invoiceId !== user.lastPaidInvoiceId);
  await applySubscriptionState(
    tx,
    user,
    {
      subscriptionId,
      customerId,
      status: subscription ? toSubscriptionStatus(subscription.status) : 'active',
      plan,
      periodEnd: subscription ? subscriptionPeriodEnd(subscription) : undefined,
    },
    at,
    deps,
    isNewSubscription ? { voiceMinutesUsed: 0, ...(invoiceId ? { lastPaidInvoiceId: invoiceId } : {}) } : {},
  );
}

/** customer.subscription.created / updated / deleted: status, plan and limit, period. */
export async function applySubscriptionChange(
  tx: Queryable,
  subscription: SubscriptionObject,
  at: Date,
  isDeleted: boolean,
  deps: BillingEventDeps,
): Promise<void> {
  const customerId = idOf(subscription.customer);
  const user = await lockBillingUser(tx, {
    subscriptionId: subscription.id,
    userId: subscription.metadata?.userId,
    customerId,
  });
  if (!user) return;
  const plan =
    resolvePlanFromPrice(deps.env, deps.plans, subscription.items?.data[0]?.price) ??
    findPricedPlan(deps.plans, subscription.metadata?.plan);
  await applySubscriptionState(
    tx,
    user,
    {
      subscriptionId: subscription.id,
      customerId,
      status: isDeleted ? 'canceled' : toSubscriptionStatus(subscription.status),
      plan,
      periodEnd: subscriptionPeriodEnd(subscription),
    },
    at,
    deps,
  );
}
