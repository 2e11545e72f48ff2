import Stripe from 'stripe';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { processedEvents, subscriptionUsers } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import {
  checkoutSessionObject,
  findUser,
  insertCustomer,
  insertUser,
  invoiceObject,
  nowSeconds,
  sendStripeEvent,
  stripeEvent,
  subscribeThroughWebhook,
  subscriptionObject,
  TEST_WEBHOOK_SECRET,
  verifiedCookie,
  WEBHOOK_TEST_ENV,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// POST /api/stripe/webhook with the real SDK's signatures: verification, exactly-once delivery,
// unknown and malformed events.

describe('Stripe webhook', () => {
  const ctx = useTestApp({ env: WEBHOOK_TEST_ENV });
  const db = () => ctx.database.db;

  it('activates the plan on checkout.session.completed', async () => {
    const { user, subscription } = await subscribeThroughWebhook(ctx.app, db(), 'professional');
    expect(user).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
      voiceMinutesUsed: 0,
      stripeSubscriptionId: subscription,
      lastPaidInvoiceId: 'in_first',
    });
  });

  it('refuses a bad signature, a wrong secret, a missing header and a stale timestamp, changing nothing', async () => {
    const user = await insertCustomer(db());
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSessionObject({
        id: 'cs_x',
        userId: user.id,
        customer: user.stripeCustomerId!,
        subscription: 'sub_x',
      }),
    );

    const wrongSecret = await sendStripeEvent(ctx.app, event, { secret: 'whsec_someone_else' }).expect(400);
    expect(wrongSecret.body.message).toMatch(/signature/i);
    await sendStripeEvent(ctx.app, event, { timestamp: nowSeconds() - 600 }).expect(400);
    await request(ctx.app)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(event))
      .expect(400);
    // A body altered after signing.
    const payload = JSON.stringify(event);
    await request(ctx.app)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set(
        'Stripe-Signature',
        Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
      )
      .send(payload.replace('"monthly"', '"enterprise"'))
      .expect(400);

    expect((await findUser(db(), user.email)).subscriptionStatus).toBe('inactive');
    expect(await db().select().from(processedEvents)).toEqual([]);
  });

  it('answers 503 when no webhook secret is configured', async () => {
    const app = ctx.rebuild({ env: { STRIPE_WEBHOOK_SECRET: '' } });
    const res = await sendStripeEvent(app, stripeEvent('invoice.paid', {})).expect(503);
    expect(res.body.message).toMatch(/not configured/);
  });

  it('applies the same event delivered ten times at once exactly once', async () => {
    const { user, subscription, customer } = await subscribeThroughWebhook(ctx.app, db());
    await db().update(subscriptionUsers).set({ voiceMinutesUsed: 42 });
    const renewal = stripeEvent('invoice.paid', invoiceObject({ id: 'in_renewal', customer, subscription }));

    const answers = await Promise.all(Array.from({ length: 10 }, () => sendStripeEvent(ctx.app, renewal)));
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((res) => res.body.isDuplicate === false)).toHaveLength(1);
    const rows = (await db().select().from(processedEvents)).filter((row) => row.id === renewal.id);
    expect(rows).toHaveLength(1);
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(0);
  });

  it('answers 200 to event types it does not handle and to events about unknown customers', async () => {
    const unknownType = await sendStripeEvent(
      ctx.app,
      stripeEvent('charge.refunded', { id: 'ch_1', object: 'charge' }),
    ).expect(200);
    expect(unknownType.body).toMatchObject({ received: true, isHandled: false });
    const stranger = await sendStripeEvent(
      ctx.app,
      stripeEvent(
        'customer.subscription.updated',
        subscriptionObject({ id: 'sub_stranger', customer: 'cus_stranger' }),
      ),
    ).expect(200);
    expect(stranger.body).toMatchObject({ received: true, isHandled: true });
  });

  it('answers 400 to a signed event whose object is not what its type says', async () => {
    const res = await sendStripeEvent(
      ctx.app,
      stripeEvent('customer.subscription.updated', { id: 'sub_1' }),
    ).expect(400);
    expect(res.body.message).toMatch(/expected shape/);
  });

  it('accepts an e-mail typed in capitals as the same user', async () => {
    const email = uniqueEmail('caps');
    await insertUser(db(), { email });
    const res = await request(ctx.app)
      .post('/api/subscription-user')
      .set('Cookie', verifiedCookie(email))
      .send({ email: email.toUpperCase() })
      .expect(200);
    expect(res.body.user.subscriptionStatus).toBe('active');
  });
});
