import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { processedEvents } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { findUser, insertUser, startCheckout, verifiedCookie, TEST_SESSION_SECRET } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// Demo mode (no Stripe key, DEMO_MODE on: the embedded default): subscribe, confirm on the app's
// own checkout, come back verified and call, all through the API.

describe('demo checkout', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET } });

  it('runs end to end with no code: subscribe, demo checkout, confirm, return verified, call', async () => {
    const email = uniqueEmail('demo');
    const browser = request.agent(ctx.app);

    const lookup = await browser.post('/api/subscription-user').send({ email }).expect(200);
    expect(lookup.body).toEqual({ isVerified: false, user: null });
    const config = await browser.get('/api/voice/config').expect(200);
    expect(config.body).toMatchObject({ provider: 'browser', isDemoMode: true });

    // The owner's plans, public: what the page shows right after the e-mail.
    const plans = await browser.get('/api/plans').expect(200);
    expect(plans.body.currency).toBe('usd');
    expect(plans.body.plans.map((plan: { price: number }) => plan.price)).toEqual([29, 59, 99]);

    // A new address needs no code to subscribe: the completed checkout proves it.
    const created = await browser
      .post('/api/create-subscription')
      .send({ email, plan: 'professional' })
      .expect(200);
    const match = /^\/demo-checkout\/(demo_cs_[\w-]+)$/.exec(created.body.checkoutUrl);
    expect(match).not.toBeNull();
    const sessionId = match![1]!;
    expect((await findUser(ctx.database.db, email)).subscriptionStatus).toBe('inactive');

    const view = await browser.get(`/api/demo-checkout/${sessionId}`).expect(200);
    expect(view.body).toEqual({ sessionId, email, plan: 'professional', isComplete: false });
    // Not paid yet: the return does not activate anything.
    await browser.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(409);

    const confirmed = await browser.post(`/api/demo-checkout/${sessionId}/confirm`).expect(200);
    expect(confirmed.body).toEqual({ redirectUrl: `/voice?checkout_session=${sessionId}` });
    // The same code path as Stripe's webhook: the event is recorded once.
    await browser.post(`/api/demo-checkout/${sessionId}/confirm`).expect(200);
    // A used link says so.
    expect((await browser.get(`/api/demo-checkout/${sessionId}`).expect(200)).body.isComplete).toBe(true);
    const events = await ctx.database.db.select().from(processedEvents);
    expect(events.filter((event) => event.source === 'demo')).toEqual([
      expect.objectContaining({ id: `demo:${sessionId}`, type: 'checkout.session.completed' }),
    ]);

    const back = await browser.post('/api/checkout-sessions/confirm').send({ sessionId }).expect(200);
    expect(back.body).toEqual({
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
    const user = await findUser(ctx.database.db, email);
    expect(user.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const after = await browser.post('/api/subscription-user').send({ email }).expect(200);
    expect(after.body).toMatchObject({ isVerified: true, user: { subscriptionStatus: 'active' } });
    const call = await browser
      .post('/api/voice-sessions')
      .send({ userId: user.id, status: 'started' })
      .expect(201);
    expect(call.body.maxDurationSeconds).toBe(900); // VOICE_MAX_CALL_MINUTES
    const sessions = await browser.get(`/api/voice-sessions/${user.id}`).expect(200);
    expect(sessions.body).toHaveLength(1);
  });

  it('answers 404 for an unknown or foreign demo checkout', async () => {
    const res = await request(ctx.app).get('/api/demo-checkout/demo_cs_nope').expect(404);
    expect(res.body.message).toMatch(/not found/);
    await request(ctx.app).post('/api/demo-checkout/demo_cs_nope/confirm').expect(404);
    // With Stripe configured there is no demo checkout at all.
    const stripeApp = ctx.rebuild({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    await request(stripeApp).get('/api/demo-checkout/demo_cs_nope').expect(404);
  });

  it('has no billing portal for demo plans', async () => {
    const user = await insertUser(ctx.database.db, {});
    const res = await request(ctx.app)
      .post('/api/billing-portal')
      .set('Cookie', verifiedCookie(user.email))
      .expect(409);
    expect(res.body.message).toMatch(/demo subscription/);
  });

  it('answers 503 with a clear message when demo mode is off and Stripe is not configured', async () => {
    const off = ctx.rebuild({ env: { DEMO_MODE: 'false' } });
    const res = await startCheckout(off, uniqueEmail()).expect(503);
    expect(res.body.message).toBe(
      'Subscriptions are not available right now: payments are not configured on this site.',
    );
    expect((await request(off).get('/api/voice/config').expect(200)).body.isDemoMode).toBe(false);
  });
});
