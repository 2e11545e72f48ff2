import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { processedEvents } from '../../shared/schema';
import { expectErrorLogs } from '../helpers/log-recorder';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  sendSignedEvent,
  sendStripeEvent,
  startCheckout,
  stripeEvent,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
  useFakeStripe,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// One customer, one paid subscription: a new Checkout expires the customer's open ones, and a
// second subscription that still gets paid (two tabs at once) is cancelled at Stripe. The real
// `stripe` SDK talks to a loopback Stripe (tests/fakes/stripe-server.ts).

describe('one subscription per customer', () => {
  const ctx = useTestApp({
    env: { SESSION_SECRET: TEST_SESSION_SECRET, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET },
  });
  const fake = useFakeStripe(ctx);
  const { requestsTo } = fake;

  /** Starts a Checkout from a browser that verified `email`; the new session's id. */
  const openCheckout = async (email: string, plan = 'monthly') => {
    await startCheckout(fake.app, email, plan).expect(200);
    return [...fake.stripe.sessions.keys()].at(-1)!;
  };

  /** Two tabs that both reached Stripe's payment page before either paid. */
  async function payTwice(email: string) {
    const first = fake.stripe.completeCheckoutSession(await openCheckout(email, 'monthly'));
    // Our row is still inactive (no webhook yet), so the second tab may start a checkout.
    const second = fake.stripe.completeCheckoutSession(await openCheckout(email, 'professional'));
    return { first, second, customer: String(first.session.customer) };
  }

  it("expires the customer's open Checkout sessions when a new one is created", async () => {
    const email = uniqueEmail('tabs');
    const first = await openCheckout(email);
    const second = await openCheckout(email, 'professional');

    const user = await findUser(ctx.database.db, email);
    expect(requestsTo('GET', '/v1/checkout/sessions').at(-1)?.query).toEqual({
      customer: user.stripeCustomerId,
      status: 'open',
      limit: '100',
    });
    expect(requestsTo('POST', `/v1/checkout/sessions/${first}/expire`)).toHaveLength(1);
    expect(fake.stripe.sessions.get(first)?.status).toBe('expired');
    expect(fake.stripe.sessions.get(second)?.status).toBe('open');
    expect(() => fake.stripe.completeCheckoutSession(first)).toThrow(/expired/);

    // A paid session is not open: the next checkout leaves it alone.
    fake.stripe.completeCheckoutSession(second);
    const third = await openCheckout(email);
    expect(requestsTo('POST', `/v1/checkout/sessions/${second}/expire`)).toHaveLength(0);
    expect(fake.stripe.sessions.get(third)?.status).toBe('open');
  });

  it('keeps the first subscription and cancels a second one paid in another tab', async () => {
    const email = uniqueEmail('twice');
    const { first, second, customer } = await payTwice(email);
    const secondSubscription = { ...second.subscription };

    await sendSignedEvent(fake.app, 'checkout.session.completed', first.session).expect(200);
    await sendSignedEvent(fake.app, 'checkout.session.completed', second.session).expect(200);

    expect(requestsTo('GET', `/v1/subscriptions/${first.subscription.id}`)).toHaveLength(1);
    const cancels = requestsTo('DELETE', `/v1/subscriptions/${second.subscription.id}`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0]).toMatchObject({
      query: { prorate: 'true', invoice_now: 'true' },
      idempotencyKey: `cancel-duplicate-${second.subscription.id}`,
    });
    expect(fake.stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    expect(fake.stripe.subscriptions.get(first.subscription.id)?.status).toBe('active');
    const kept = {
      subscriptionStatus: 'active',
      stripeSubscriptionId: first.subscription.id,
      subscriptionPlan: 'monthly',
      voiceMinutesLimit: 100,
    };
    expect(await findUser(ctx.database.db, email)).toMatchObject(kept);

    // The second subscription's own events, in any order, change nothing more.
    await sendSignedEvent(fake.app, 'customer.subscription.created', secondSubscription).expect(200);
    await sendSignedEvent(fake.app, 'customer.subscription.deleted', {
      ...secondSubscription,
      status: 'canceled',
      customer,
    }).expect(200);
    expect(fake.stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    expect(await findUser(ctx.database.db, email)).toMatchObject(kept);

    // The second tab comes back from Checkout: it finds the kept plan, not the cancelled one.
    const back = await request(fake.app)
      .post('/api/checkout-sessions/confirm')
      .send({ sessionId: second.session.id })
      .expect(200);
    expect(back.body.user).toMatchObject({ subscriptionStatus: 'active', subscriptionPlan: 'monthly' });
  });

  it('lets a new subscription take over when Stripe says the recorded one has ended', async () => {
    const email = uniqueEmail('late-cancel');
    const { first, second } = await payTwice(email);
    await sendSignedEvent(fake.app, 'checkout.session.completed', first.session).expect(200);
    // Cancelled in the portal; that news has not reached us yet.
    fake.stripe.subscriptions.get(first.subscription.id)!.status = 'canceled';

    await sendSignedEvent(fake.app, 'checkout.session.completed', second.session).expect(200);
    expect(requestsTo('DELETE', `/v1/subscriptions/${second.subscription.id}`)).toHaveLength(0);
    expect(await findUser(ctx.database.db, email)).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: second.subscription.id,
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
    });
  });

  it('answers an error and records nothing while Stripe cannot settle the duplicate, so Stripe retries', async () => {
    expectErrorLogs(); // Stripe's failures are logged as errors
    const email = uniqueEmail('outage');
    const { first, second } = await payTwice(email);
    await sendSignedEvent(fake.app, 'checkout.session.completed', first.session).expect(200);
    const event = stripeEvent('checkout.session.completed', second.session);

    fake.stripe.failNextRequests = 10;
    await sendStripeEvent(fake.app, event).expect(502);
    fake.stripe.failNextRequests = 0;
    const claimed = await ctx.database.db.select().from(processedEvents);
    expect(claimed.map((row) => row.id)).not.toContain(event.id);
    expect(fake.stripe.subscriptions.get(second.subscription.id)?.status).toBe('active');

    await sendStripeEvent(fake.app, event).expect(200);
    expect(fake.stripe.subscriptions.get(second.subscription.id)?.status).toBe('canceled');
    expect((await findUser(ctx.database.db, email)).stripeSubscriptionId).toBe(first.subscription.id);
  });

  it('lets only the latest demo checkout of an e-mail be confirmed', async () => {
    const demo = ctx.rebuild({ env: { STRIPE_SECRET_KEY: '' } });
    const email = uniqueEmail('demo-tabs');
    // Another plan: the same plan again would reuse the first checkout (billing-checkout-reuse).
    const start = async (plan: string) => {
      const res = await startCheckout(demo, email, plan).expect(200);
      return String(res.body.checkoutUrl).replace('/demo-checkout/', '');
    };
    const first = await start('monthly');
    const second = await start('professional');
    await request(demo).post(`/api/demo-checkout/${first}/confirm`).expect(404);
    await request(demo).post(`/api/demo-checkout/${second}/confirm`).expect(200);
    expect((await findUser(ctx.database.db, email)).subscriptionStatus).toBe('active');
  });
});
