import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { voiceSessions } from '../../shared/schema';
import { expectErrorLogs } from '../helpers/log-recorder';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertUser,
  STRIPE_TEST_APP_ENV,
  STRIPE_TEST_KEY,
  STRIPE_TEST_PUBLIC_URL,
  startCheckout,
  useFakeStripe,
  verifiedCookie,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// Checkout and the return from it, with the real `stripe` SDK talking to a loopback Stripe
// (tests/fakes/stripe-server.ts).

describe('Stripe checkout', () => {
  const ctx = useTestApp({ env: STRIPE_TEST_APP_ENV });
  const fake = useFakeStripe(ctx);
  const customerRequests = () => fake.stripe.requests.filter((req) => req.path === '/v1/customers');

  it('creates one customer per e-mail and a subscription Checkout priced by the server', async () => {
    const email = uniqueEmail('buyer');
    // The body's e-mail is normalised before it is compared with the verified one.
    const res = await startCheckout(fake.app, email, 'professional', {
      email: email.toUpperCase(),
      price: 1,
      unit_amount: 100,
    }).expect(200);
    const user = await findUser(ctx.database.db, email);
    expect(user).toMatchObject({
      subscriptionStatus: 'inactive',
      stripeCustomerId: expect.stringMatching(/^cus_/),
    });

    const customerCall = fake.lastRequest('/v1/customers');
    expect(customerCall?.body).toEqual({ email, metadata: { userId: user.id } });
    expect(customerCall?.idempotencyKey).toBe(`customer-${user.id}`);
    expect(customerCall?.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);

    const sessionCall = fake.lastRequest('/v1/checkout/sessions');
    expect(sessionCall?.body).toEqual({
      mode: 'subscription',
      customer: user.stripeCustomerId,
      client_reference_id: user.id,
      metadata: { userId: user.id, plan: 'professional' },
      subscription_data: { metadata: { userId: user.id, plan: 'professional' } },
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '5900',
            recurring: { interval: 'month' },
            product_data: { name: 'Professional voice plan', metadata: { plan: 'professional' } },
          },
        },
      ],
      success_url: `${STRIPE_TEST_PUBLIC_URL}/voice?checkout_session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${STRIPE_TEST_PUBLIC_URL}/voice?checkout=cancelled`,
    });
    const session = [...fake.stripe.sessions.values()].at(-1)!;
    expect(res.body).toEqual({ checkoutUrl: session.url });

    // A second attempt keeps the row and the customer.
    const customersBefore = customerRequests().length;
    await startCheckout(fake.app, email).expect(200);
    expect(customerRequests()).toHaveLength(customersBefore);
    expect(fake.lastRequest('/v1/checkout/sessions')?.body).toMatchObject({
      customer: user.stripeCustomerId,
    });
  });

  it('uses the configured Stripe price id of a plan', async () => {
    const withPrices = fake.rebuild({ STRIPE_PRICE_ENTERPRISE: 'price_enterprise_live' });
    await startCheckout(withPrices, uniqueEmail(), 'enterprise').expect(200);
    expect(fake.lastRequest('/v1/checkout/sessions')?.body.line_items).toEqual([
      { price: 'price_enterprise_live', quantity: '1' },
    ]);
  });

  it('returns to the origin of the request when PUBLIC_URL is unset', async () => {
    const local = fake.rebuild({ PUBLIC_URL: '' });
    await startCheckout(local, uniqueEmail()).set('Host', 'localhost:5000').expect(200);
    expect(fake.lastRequest('/v1/checkout/sessions')?.body.success_url).toBe(
      'http://localhost:5000/voice?checkout_session={CHECKOUT_SESSION_ID}',
    );
  });

  it('refuses an unknown plan, a bad e-mail and an e-mail that is already subscribed', async () => {
    const before = fake.stripe.requests.length;
    const badPlan = await startCheckout(fake.app, uniqueEmail(), 'gold').expect(400);
    expect(badPlan.body.message).toBe('Please choose one of the plans.');
    const badEmail = await startCheckout(fake.app, 'nope').expect(400);
    expect(badEmail.body.message).toBe('Please enter a valid e-mail address.');
    const subscribed = await insertUser(ctx.database.db, { status: 'active' });
    const taken = await startCheckout(fake.app, subscribed.email).expect(409);
    expect(taken.body.message).toMatch(/already has a subscription/);
    expect(fake.stripe.requests.length).toBe(before);
  });

  it('lets a new address check out without a code, and tells an unverified browser nothing of a subscription', async () => {
    const subscriber = await insertUser(ctx.database.db, { status: 'active' });
    const former = await insertUser(ctx.database.db, { status: 'canceled' });
    const stranger = uniqueEmail('stranger');
    const before = fake.stripe.requests.length;
    const checkout = (email: string, status: number, cookie?: string) => {
      const req = request(fake.app).post('/api/create-subscription');
      if (cookie) req.set('Cookie', cookie);
      return req.send({ email, plan: 'monthly' }).expect(status);
    };
    const answers = [
      await checkout(subscriber.email, 401),
      await checkout(former.email, 401),
      // Verified, but for another address; or a cookie signed with another secret.
      await checkout(subscriber.email, 401, verifiedCookie(stranger)),
      await checkout(
        subscriber.email,
        401,
        verifiedCookie(subscriber.email, 'another-secret-that-is-long-enough-0123'),
      ),
    ];
    // The same answer for a live and an ended subscription: no plan, status or history.
    for (const answer of answers) {
      expect(answer.body).toEqual({
        message: "Please verify it's you: confirm your e-mail address to continue.",
        code: 'unauthorized',
        requestId: expect.any(String),
      });
    }
    expect(fake.stripe.requests.length).toBe(before);
    expect((await findUser(ctx.database.db, subscriber.email)).subscriptionStatus).toBe('active');

    // A new address goes straight to Checkout: the payment proves it (see the return below).
    const fresh = await checkout(stranger, 200);
    expect(fresh.body.checkoutUrl).toMatch(/^https?:\/\//);
    expect((await findUser(ctx.database.db, stranger)).subscriptionStatus).toBe('inactive');
    // Still new (an abandoned checkout): a second try needs no code either.
    await checkout(stranger, 200);
  });

  it('answers 502 without Stripe details when Stripe is down, and 503 when billing is off', async () => {
    const logs = expectErrorLogs();
    fake.stripe.failNextRequests = 5;
    const down = await startCheckout(fake.app, uniqueEmail()).expect(502);
    fake.stripe.failNextRequests = 0;
    expect(down.body.message).toBe('The payment service could not be reached. Please try again in a moment.');
    expect(JSON.stringify(down.body)).not.toMatch(/unknown error|stripe/i);
    expect(logs.map((entry) => entry.msg)).toContain('stripe request failed');

    const off = ctx.rebuild({ env: { STRIPE_SECRET_KEY: '', DEMO_MODE: 'false' } });
    const res = await startCheckout(off, uniqueEmail()).expect(503);
    expect(res.body.message).toMatch(/payments are not configured/);
  });

  it('confirms a paid Checkout with Stripe and marks the browser that started it as verified', async () => {
    const email = uniqueEmail('returning');
    const browser = request.agent(fake.app);
    await startCheckout(browser, email, 'professional').expect(200);
    const sessionId = [...fake.stripe.sessions.keys()].at(-1)!;

    const early = await browser.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(409);
    expect(early.body.message).toMatch(/not complete/);

    fake.stripe.completeCheckoutSession(sessionId);
    const confirmed = await browser.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(200);
    expect(fake.lastRequest(`/v1/checkout/sessions/${sessionId}`)?.query).toEqual({
      expand: ['subscription'],
    });
    expect(confirmed.body).toEqual({
      email,
      user: {
        id: expect.any(String),
        subscriptionStatus: 'active',
        subscriptionPlan: 'professional',
        voiceMinutesUsed: 0,
        voiceMinutesLimit: 300,
        currentPeriodEnd: expect.any(String),
        isVerified: true,
      },
    });
    const cookie = confirmed.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^voice_access=.+; Max-Age=\d+; Path=\/; .*HttpOnly; SameSite=Lax/);

    const stored = await findUser(ctx.database.db, email);
    const subscription = [...fake.stripe.subscriptions.values()].at(-1)!;
    expect(stored.stripeSubscriptionId).toBe(subscription.id);
    expect(stored.currentPeriodEnd).not.toBeNull();

    await browser
      .post('/api/voice-sessions')
      .send({ userId: confirmed.body.user.id, status: 'started' })
      .expect(201);
    // A reload confirms again without harm.
    await browser.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(200);
    expect((await findUser(ctx.database.db, email)).subscriptionStatus).toBe('active');
  });

  it('does not verify a browser that did not start the checkout, or an e-mail with call history', async () => {
    const email = uniqueEmail('victim');
    const payer = request.agent(fake.app);
    await startCheckout(payer, email).expect(200);
    const sessionId = [...fake.stripe.sessions.keys()].at(-1)!;
    fake.stripe.completeCheckoutSession(sessionId);

    const stranger = await request(fake.app)
      .post('/api/checkout-sessions/confirm')
      .send({ sessionId })
      .expect(200);
    expect(stranger.body.user.isVerified).toBe(false);
    expect(stranger.headers['set-cookie']).toBeUndefined();

    // The e-mail had calls before this checkout (a cancelled subscriber): the payer must verify by code.
    const user = await findUser(ctx.database.db, email);
    await ctx.database.db
      .insert(voiceSessions)
      .values({ userId: user.id, status: 'ended', transcript: 'private' });
    const payerAnswer = await payer.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(200);
    expect(payerAnswer.body.user.isVerified).toBe(false);
  });

  it('answers 404 for an unknown Checkout session', async () => {
    const res = await request(fake.app)
      .post('/api/checkout-sessions/confirm')
      .send({ sessionId: 'cs_test_missing' })
      .expect(404);
    expect(res.body.message).toMatch(/not found/);
    await request(fake.app).post('/api/checkout-sessions/confirm').send({}).expect(400);
  });
});
