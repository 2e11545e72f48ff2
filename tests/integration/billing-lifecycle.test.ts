import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  checkoutSessionObject,
  findUser,
  insertCustomer,
  invoiceObject,
  nowSeconds,
  sendSignedEvent,
  sendStripeEvent,
  setMinutesUsed,
  startVoiceSession,
  stripeEvent,
  subscribeThroughWebhook,
  subscriptionObject,
  verifiedCookie,
  WEBHOOK_TEST_ENV,
} from '../helpers/voice';

// The subscription lifecycle from signed webhook events, as the voice gate sees it: ordering,
// plan switches, renewals that reset the minutes once, failed payments.

describe('Stripe subscription lifecycle', () => {
  const ctx = useTestApp({ env: WEBHOOK_TEST_ENV });
  const db = () => ctx.database.db;

  it('never lets an older event overwrite a newer state', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const base = nowSeconds();
    const canceled = stripeEvent(
      'customer.subscription.deleted',
      subscriptionObject({ id: subscription, customer, status: 'canceled' }),
      { created: base },
    );
    const olderUpgrade = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, status: 'active', plan: 'professional' }),
      { created: base - 60 },
    );
    await sendStripeEvent(ctx.app, canceled).expect(200);
    await sendStripeEvent(ctx.app, olderUpgrade).expect(200);

    const after = await findUser(db(), user.email);
    expect(after.subscriptionStatus).toBe('canceled');
    expect(after.subscriptionPlan).toBe('monthly');
    expect(after.voiceMinutesLimit).toBe(100);
  });

  it('switches plan, limit and period on customer.subscription.updated', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const periodEnd = nowSeconds() + 20 * 86_400;
    await sendSignedEvent(
      ctx.app,
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'professional', periodEnd }),
    ).expect(200);
    const after = await findUser(db(), user.email);
    expect(after).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
    });
    expect(after.currentPeriodEnd?.getTime()).toBe(periodEnd * 1000);

    await sendSignedEvent(
      ctx.app,
      'customer.subscription.updated',
      subscriptionObject({ id: subscription, customer, plan: 'enterprise' }),
    ).expect(200);
    expect((await findUser(db(), user.email)).voiceMinutesLimit).toBe(-1);
  });

  it('finds the user by our metadata when the subscription event comes before the checkout', async () => {
    const user = await insertCustomer(db());
    await sendSignedEvent(
      ctx.app,
      'customer.subscription.created',
      subscriptionObject({
        id: 'sub_early',
        customer: 'cus_unknown_yet',
        userId: user.id,
        plan: 'professional',
      }),
    ).expect(200);
    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_early',
      voiceMinutesLimit: 300,
    });
  });

  it('resets the minutes on renewal once per invoice, never for an older period', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const nextPeriodEnd = nowSeconds() + 60 * 86_400;

    await setMinutesUsed(db(), user.id, 90);
    const renewal = invoiceObject({ id: 'in_month_2', customer, subscription, periodEnd: nextPeriodEnd });
    await sendSignedEvent(ctx.app, 'invoice.paid', renewal).expect(200);
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(0);

    await setMinutesUsed(db(), user.id, 7);
    // The same invoice again under another event id (Stripe resends, or a second endpoint).
    await sendSignedEvent(ctx.app, 'invoice.paid', renewal).expect(200);
    // The first period's invoice, delivered late.
    await sendSignedEvent(
      ctx.app,
      'invoice.paid',
      invoiceObject({ id: 'in_month_1', customer, subscription, periodEnd: nextPeriodEnd - 30 * 86_400 }),
      nowSeconds() - 3000,
    ).expect(200);
    // A proration for a plan switch does not open a new period.
    await sendSignedEvent(
      ctx.app,
      'invoice.paid',
      invoiceObject({
        id: 'in_proration',
        customer,
        subscription,
        billingReason: 'subscription_update',
        periodEnd: nextPeriodEnd,
      }),
    ).expect(200);
    // The subscription's first invoice (counted at checkout), delivered after the renewal.
    await sendSignedEvent(
      ctx.app,
      'invoice.paid',
      invoiceObject({
        id: 'in_first',
        customer,
        subscription,
        billingReason: 'subscription_create',
        periodEnd: nextPeriodEnd - 30 * 86_400,
      }),
    ).expect(200);

    const after = await findUser(db(), user.email);
    expect(after.voiceMinutesUsed).toBe(7);
    expect(after.lastPaidInvoiceId).toBe('in_month_2');
    expect(after.currentPeriodEnd?.getTime()).toBe(nextPeriodEnd * 1000);
  });

  it('blocks new calls after a failed payment until an invoice is paid', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    const cookie = verifiedCookie(user.email);
    const start = () => startVoiceSession(ctx.app, cookie, user.id);

    await sendSignedEvent(
      ctx.app,
      'invoice.payment_failed',
      invoiceObject({ id: 'in_failed', customer, subscription }),
      nowSeconds() - 100,
    ).expect(200);
    expect((await findUser(db(), user.email)).subscriptionStatus).toBe('past_due');
    const refused = await start().expect(403);
    expect(refused.body).toMatchObject({ code: 'subscription_required' });
    expect(refused.body.message).toMatch(/payment/i);

    await sendSignedEvent(
      ctx.app,
      'invoice.paid',
      invoiceObject({ id: 'in_retry', customer, subscription }),
    ).expect(200);
    expect((await findUser(db(), user.email)).subscriptionStatus).toBe('active');
    await start().expect(201);
  });

  it('starts a fresh allowance when a cancelled subscriber subscribes again', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    await setMinutesUsed(db(), user.id, 80);
    await sendSignedEvent(
      ctx.app,
      'customer.subscription.deleted',
      subscriptionObject({ id: subscription, customer, status: 'canceled' }),
      nowSeconds() - 500,
    ).expect(200);
    expect((await findUser(db(), user.email)).subscriptionStatus).toBe('canceled');

    await sendSignedEvent(
      ctx.app,
      'checkout.session.completed',
      checkoutSessionObject({
        id: 'cs_again',
        userId: user.id,
        customer,
        subscription: 'sub_again',
        plan: 'professional',
        invoice: 'in_again',
      }),
    ).expect(200);
    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_again',
      subscriptionPlan: 'professional',
      voiceMinutesUsed: 0,
      lastPaidInvoiceId: 'in_again',
    });

    await setMinutesUsed(db(), user.id, 12);
    // The new subscription's first invoice (already counted) and the old one's late news.
    await sendSignedEvent(
      ctx.app,
      'invoice.paid',
      invoiceObject({
        id: 'in_again',
        customer,
        subscription: 'sub_again',
        billingReason: 'subscription_create',
      }),
    ).expect(200);
    await sendSignedEvent(
      ctx.app,
      'customer.subscription.deleted',
      subscriptionObject({ id: subscription, customer, status: 'canceled' }),
    ).expect(200);
    expect(await findUser(db(), user.email)).toMatchObject({
      subscriptionStatus: 'active',
      voiceMinutesUsed: 12,
    });
  });

  it('ignores news of another, older subscription of the same customer', async () => {
    const { user, customer } = await subscribeThroughWebhook(ctx.app, db());
    await sendSignedEvent(
      ctx.app,
      'customer.subscription.deleted',
      subscriptionObject({ id: 'sub_old_one', customer, status: 'canceled' }),
    ).expect(200);
    await sendSignedEvent(
      ctx.app,
      'invoice.payment_failed',
      invoiceObject({ id: 'in_old', customer, subscription: 'sub_old_one' }),
    ).expect(200);
    expect((await findUser(db(), user.email)).subscriptionStatus).toBe('active');
  });
});
