import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertCustomer,
  invoiceObject,
  nowSeconds,
  sendSignedEvent,
  startCheckout,
  startVoiceSession,
  subscribeThroughWebhook,
  subscriptionObject,
  verifiedCookie,
  WEBHOOK_TEST_ENV,
} from '../helpers/voice';

// Stripe delivers events in any order and stamps them in whole seconds. Subscription events own
// the plan, limit and period; every kind of event writes the status. These cases, signed by the
// real SDK, once lost a plan switch or let a same-second event undo a newer state.

describe('Stripe event ordering', () => {
  const ctx = useTestApp({ env: WEBHOOK_TEST_ENV });
  const db = () => ctx.database.db;
  const send = (type: string, object: Record<string, unknown>, created: number) =>
    sendSignedEvent(ctx.app, type, object, created).expect(200);

  it.each([
    ['a second before', 1],
    ['in the same second as', 0],
  ])('applies a plan switch created %s its invoice and delivered after it', async (_label, offset) => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    const proration = invoiceObject({
      id: 'in_switch',
      customer,
      subscription,
      billingReason: 'subscription_update',
    });
    await send('invoice.paid', proration, at);
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'professional' }),
      at - offset,
    );

    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
      stripeSubscriptionId: subscription,
    });
  });

  it('applies a late plan switch without undoing the newer failed payment', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    await send('invoice.payment_failed', invoiceObject({ id: 'in_failed', customer, subscription }), at);
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, status: 'active', plan: 'enterprise' }),
      at - 5,
    );

    const after = await findUser(db(), user.email);
    expect(after).toMatchObject({ subscriptionStatus: 'past_due', subscriptionPlan: 'enterprise' });
    const start = await startVoiceSession(ctx.app, verifiedCookie(user.email), user.id).expect(403);
    expect(start.body.code).toBe('subscription_required');
  });

  it('still drops a subscription event older than the last subscription event', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'professional' }),
      at,
    );
    await send('invoice.paid', invoiceObject({ id: 'in_x', customer, subscription }), at + 1);
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'enterprise' }),
      at - 1,
    );
    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
    });
  });

  it('ends a checkout active whatever order its same-second events arrive in', async () => {
    const user = await insertCustomer(db());
    const customer = user.stripeCustomerId!;
    const subscription = 'sub_burst';
    const at = nowSeconds();
    const object = (status: string) =>
      subscriptionObject({ id: subscription, customer, status, plan: 'professional' });

    await send(
      'invoice.paid',
      invoiceObject({ id: 'in_burst', customer, subscription, billingReason: 'subscription_create' }),
      at,
    );
    await send('customer.subscription.updated', object('active'), at);
    // Stripe creates the subscription incomplete and activates it when the first invoice is paid.
    await send('customer.subscription.created', object('incomplete'), at);

    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      stripeSubscriptionId: subscription,
      lastPaidInvoiceId: 'in_burst',
    });
  });

  it('keeps a failed renewal blocking against a same-second active event, until a newer payment', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    const nextPeriodEnd = at + 60 * 86_400;
    await send('invoice.payment_failed', invoiceObject({ id: 'in_renewal', customer, subscription }), at);
    // The renewal's own subscription update (new period, still "active") in the same second.
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, periodEnd: nextPeriodEnd }),
      at,
    );
    const blocked = await findUser(db(), user.email);
    expect(blocked.subscriptionStatus).toBe('past_due');
    expect(blocked.currentPeriodEnd?.getTime()).toBe(nextPeriodEnd * 1000);

    await send(
      'invoice.paid',
      invoiceObject({ id: 'in_renewal', customer, subscription, periodEnd: nextPeriodEnd }),
      at + 1,
    );
    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      voiceMinutesUsed: 0,
      lastPaidInvoiceId: 'in_renewal',
    });
  });

  it('keeps a cancelled subscription cancelled: same-second updates and late invoices change nothing', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    await send(
      'customer.subscription.deleted',
      subscriptionObject({ id: subscription, customer, status: 'canceled' }),
      at,
    );
    await send('customer.subscription.updated', subscriptionObject({ id: subscription, customer }), at);
    // The subscription's final invoice, paid after the cancellation.
    await send(
      'invoice.paid',
      invoiceObject({ id: 'in_final', customer, subscription, billingReason: 'subscription_cycle' }),
      at + 5,
    );
    await send('invoice.payment_failed', invoiceObject({ id: 'in_final', customer, subscription }), at + 6);

    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'canceled',
      lastPaidInvoiceId: 'in_first',
    });
    // Cancelled is not live: the e-mail may subscribe again.
    await startCheckout(
      ctx.rebuild({ env: { STRIPE_SECRET_KEY: '', DEMO_MODE: 'true' } }),
      user.email,
    ).expect(200);
  });

  it('never moves the period end back for a subscription event newer than the last one', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const at = nowSeconds();
    const nextPeriodEnd = at + 60 * 86_400;
    await send(
      'invoice.paid',
      invoiceObject({ id: 'in_month_2', customer, subscription, periodEnd: nextPeriodEnd }),
      at,
    );
    // Sent before the renewal (still the first period) but created after the checkout.
    await send(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'professional', periodEnd: at + 86_400 }),
      at - 10,
    );
    const after = await findUser(db(), user.email);
    expect(after.subscriptionPlan).toBe('professional');
    expect(after.currentPeriodEnd?.getTime()).toBe(nextPeriodEnd * 1000);
  });
});
