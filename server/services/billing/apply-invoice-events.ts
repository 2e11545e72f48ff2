import type { Queryable } from '../../db/client';
import type { SubscriptionUserPatch } from '../../storage/subscription-users';
import { updateSubscriptionUser } from '../../storage/subscription-users';
import { isEndedStatus, lockBillingUser, shouldApplyStatus, type BillingEventDeps } from './billing-state';
import { idOf, invoicePeriodEnd, invoiceSubscriptionId, type InvoiceObject } from './stripe-objects';

/** Invoices that open a new period of minutes; a mid-period proration (plan switch) does not. */
const PERIOD_START_REASONS = new Set(['subscription_create', 'subscription_cycle']);

async function lockInvoiceUser(tx: Queryable, invoice: InvoiceObject) {
  const subscriptionId = invoiceSubscriptionId(invoice);
  if (!subscriptionId) return undefined; // a one-off invoice, not a subscription's
  const user = await lockBillingUser(tx, {
    subscriptionId,
    userId: invoice.parent?.subscription_details?.metadata?.userId,
    customerId: idOf(invoice.customer),
  });
  // An invoice of another subscription than the user's current one changes nothing, nor does a
  // late invoice of an ended one (a final invoice paid after the cancellation).
  if (!user || (user.stripeSubscriptionId && user.stripeSubscriptionId !== subscriptionId)) return undefined;
  if (isEndedStatus(user.subscriptionStatus)) return undefined;
  return { user, subscriptionId };
}

/**
 * invoice.paid: the subscription is in good standing again (unless a newer event says otherwise),
 * and an invoice that opens a new period resets voiceMinutesUsed, once per invoice
 * (lastPaidInvoiceId) and never for a period older than the one stored, whatever order the events
 * arrive in. Invoice events move the status watermark only, never the subscription's own one: a
 * plan switch delivered after its invoice still applies.
 */
export async function applyInvoicePaid(
  tx: Queryable,
  invoice: InvoiceObject,
  at: Date,
  { now }: BillingEventDeps,
): Promise<void> {
  const found = await lockInvoiceUser(tx, invoice);
  if (!found) return;
  const { user, subscriptionId } = found;

  const patch: SubscriptionUserPatch = {};
  if (shouldApplyStatus(user, 'active', at)) {
    Object.assign(patch, {
      subscriptionStatus: 'active',
      billingStateAt: at,
      stripeSubscriptionId: subscriptionId,
    });
  }
  const periodEnd = invoicePeriodEnd(invoice);
  const isPeriodStart = PERIOD_START_REASONS.has(invoice.billing_reason ?? 'subscription_cycle');
  const isLatestPeriod = !periodEnd || !user.currentPeriodEnd || periodEnd >= user.currentPeriodEnd;
  if (isPeriodStart && isLatestPeriod && invoice.id !== user.lastPaidInvoiceId) {
    Object.assign(patch, { voiceMinutesUsed: 0, lastPaidInvoiceId: invoice.id });
    if (periodEnd && (!user.currentPeriodEnd || periodEnd > user.currentPeriodEnd))
      patch.currentPeriodEnd = periodEnd;
  }
  if (Object.keys(patch).length > 0) await updateSubscriptionUser(tx, user.id, patch, now());
}

/** invoice.payment_failed: past_due, so no new calls until an invoice is paid. */
export async function applyInvoicePaymentFailed(
  tx: Queryable,
  invoice: InvoiceObject,
  at: Date,
  { now }: BillingEventDeps,
): Promise<void> {
  const found = await lockInvoiceUser(tx, invoice);
  if (!found || found.user.stripeSubscriptionId !== found.subscriptionId) return;
  if (!shouldApplyStatus(found.user, 'past_due', at)) return;
  await updateSubscriptionUser(
    tx,
    found.user.id,
    { subscriptionStatus: 'past_due', billingStateAt: at },
    now(),
  );
}
