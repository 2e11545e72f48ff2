import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionUsers } from '../../shared/schema';
import { startFakeStripeServer, type FakeStripeServer } from '../fakes/stripe-server';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertUser,
  invoiceObject,
  nowSeconds,
  sendStripeEvent,
  stripeEvent,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
  uniqueEmail,
  verifiedCookie,
} from './voice-helpers';

// A real checkout followed through its webhooks (paid, renewed, cancelled), and the billing portal,
// with the real `stripe` SDK talking to a loopback Stripe (tests/fakes/stripe-server.ts).

const PUBLIC_URL = 'https://clone.example.com';

describe('Stripe lifecycle and billing portal', () => {
  const ctx = useTestApp({
    env: { SESSION_SECRET: TEST_SESSION_SECRET, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, PUBLIC_URL },
  });
  let stripe: FakeStripeServer;
  let app: Express;
  const stripeEnv = () => ({ STRIPE_SECRET_KEY: 'sk_test_checkout', STRIPE_API_BASE: stripe.url });

  beforeAll(async () => {
    stripe = await startFakeStripeServer();
    app = ctx.rebuild({ env: stripeEnv() });
  });
  afterAll(() => stripe?.close());

  const lastRequest = (path: string) => stripe.requests.filter((req) => req.path === path).at(-1);

  it('follows the webhook-driven lifecycle of a real checkout: paid, renewed, cancelled', async () => {
    const email = uniqueEmail('lifecycle');
    await request(app).post('/api/create-subscription').send({ email, plan: 'monthly' }).expect(200);
    const sessionId = [...stripe.sessions.keys()].at(-1)!;
    const { session, subscription } = stripe.completeCheckoutSession(sessionId);
    const customer = String(session.customer);

    await sendStripeEvent(app, stripeEvent('checkout.session.completed', session)).expect(200);
    await sendStripeEvent(app, stripeEvent('customer.subscription.created', subscription)).expect(200);
    const active = await findUser(ctx.database.db, email);
    expect(active).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'monthly',
      stripeSubscriptionId: subscription.id,
    });

    const cookie = verifiedCookie(email);
    await request(app)
      .post('/api/voice-sessions')
      .set('Cookie', cookie)
      .send({ userId: active.id, status: 'started' })
      .expect(201);
    await ctx.database.db.update(subscriptionUsers).set({ voiceMinutesUsed: 100 });
    const exhausted = await request(app)
      .post('/api/voice-sessions')
      .set('Cookie', cookie)
      .send({ userId: active.id, status: 'started' })
      .expect(403);
    expect(exhausted.body.code).toBe('minutes_exhausted');

    await sendStripeEvent(
      app,
      stripeEvent(
        'invoice.paid',
        invoiceObject({
          id: 'in_renewal_lifecycle',
          customer,
          subscription: subscription.id,
          periodEnd: nowSeconds() + 61 * 86_400,
        }),
      ),
    ).expect(200);
    expect((await findUser(ctx.database.db, email)).voiceMinutesUsed).toBe(0);
    await request(app)
      .post('/api/voice-sessions')
      .set('Cookie', cookie)
      .send({ userId: active.id, status: 'started' })
      .expect(201);

    await sendStripeEvent(
      app,
      stripeEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' }),
    ).expect(200);
    expect((await findUser(ctx.database.db, email)).subscriptionStatus).toBe('canceled');
    const refused = await request(app)
      .post('/api/voice-sessions')
      .set('Cookie', cookie)
      .send({ userId: active.id, status: 'started' })
      .expect(403);
    expect(refused.body.code).toBe('subscription_required');
  });

  it('opens the billing portal for the verified e-mail only, whatever the subscription status', async () => {
    const user = await insertUser(ctx.database.db, { stripeCustomerId: 'cus_portal' });
    await request(app).post('/api/billing-portal').expect(401);
    const res = await request(app)
      .post('/api/billing-portal')
      .set('Cookie', verifiedCookie(user.email))
      .expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(lastRequest('/v1/billing_portal/sessions')?.body).toEqual({
      customer: 'cus_portal',
      return_url: `${PUBLIC_URL}/voice`,
    });

    // A failed payment or a cancelled plan is exactly when the card or the plan needs the portal.
    for (const status of ['past_due', 'canceled']) {
      const customer = `cus_portal_${status}`;
      const lapsed = await insertUser(ctx.database.db, { status, stripeCustomerId: customer });
      await request(app).post('/api/billing-portal').set('Cookie', verifiedCookie(lapsed.email)).expect(200);
      expect(lastRequest('/v1/billing_portal/sessions')?.body).toMatchObject({ customer });
    }

    const noCustomer = await insertUser(ctx.database.db, {});
    const refused = await request(app)
      .post('/api/billing-portal')
      .set('Cookie', verifiedCookie(noCustomer.email))
      .expect(409);
    expect(refused.body.message).toMatch(/no billing account/);
  });
});
