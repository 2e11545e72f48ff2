import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertUser,
  invoiceObject,
  nowSeconds,
  sendSignedEvent,
  setMinutesUsed,
  startCheckout,
  startVoiceSession,
  STRIPE_TEST_APP_ENV,
  STRIPE_TEST_PUBLIC_URL,
  useFakeStripe,
  verifiedCookie,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// A real checkout followed through its webhooks (paid, renewed, cancelled), and the billing portal,
// with the real `stripe` SDK talking to a loopback Stripe (tests/fakes/stripe-server.ts).

describe('Stripe lifecycle and billing portal', () => {
  const ctx = useTestApp({ env: STRIPE_TEST_APP_ENV });
  const fake = useFakeStripe(ctx);

  it('follows the webhook-driven lifecycle of a real checkout: paid, renewed, cancelled', async () => {
    const email = uniqueEmail('lifecycle');
    await startCheckout(fake.app, email).expect(200);
    const sessionId = [...fake.stripe.sessions.keys()].at(-1)!;
    const { session, subscription } = fake.stripe.completeCheckoutSession(sessionId);
    const customer = String(session.customer);

    await sendSignedEvent(fake.app, 'checkout.session.completed', session).expect(200);
    await sendSignedEvent(fake.app, 'customer.subscription.created', subscription).expect(200);
    const active = await findUser(ctx.database.db, email);
    expect(active).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'monthly',
      stripeSubscriptionId: subscription.id,
    });

    const cookie = verifiedCookie(email);
    await startVoiceSession(fake.app, cookie, active.id).expect(201);
    await setMinutesUsed(ctx.database.db, active.id, 100);
    const exhausted = await startVoiceSession(fake.app, cookie, active.id).expect(403);
    expect(exhausted.body.code).toBe('minutes_exhausted');

    await sendSignedEvent(
      fake.app,
      'invoice.paid',
      invoiceObject({
        id: 'in_renewal_lifecycle',
        customer,
        subscription: subscription.id,
        periodEnd: nowSeconds() + 61 * 86_400,
      }),
    ).expect(200);
    expect((await findUser(ctx.database.db, email)).voiceMinutesUsed).toBe(0);
    await startVoiceSession(fake.app, cookie, active.id).expect(201);

    await sendSignedEvent(fake.app, 'customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    }).expect(200);
    expect((await findUser(ctx.database.db, email)).subscriptionStatus).toBe('canceled');
    const refused = await startVoiceSession(fake.app, cookie, active.id).expect(403);
    expect(refused.body.code).toBe('subscription_required');
  });

  it('opens the billing portal for the verified e-mail only, whatever the subscription status', async () => {
    const user = await insertUser(ctx.database.db, { stripeCustomerId: 'cus_portal' });
    await request(fake.app).post('/api/billing-portal').expect(401);
    const res = await request(fake.app)
      .post('/api/billing-portal')
      .set('Cookie', verifiedCookie(user.email))
      .expect(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(fake.lastRequest('/v1/billing_portal/sessions')?.body).toEqual({
      customer: 'cus_portal',
      return_url: `${STRIPE_TEST_PUBLIC_URL}/voice`,
    });

    // A failed payment or a cancelled plan is exactly when the card or the plan needs the portal.
    for (const status of ['past_due', 'canceled']) {
      const customer = `cus_portal_${status}`;
      const lapsed = await insertUser(ctx.database.db, { status, stripeCustomerId: customer });
      await request(fake.app)
        .post('/api/billing-portal')
        .set('Cookie', verifiedCookie(lapsed.email))
        .expect(200);
      expect(fake.lastRequest('/v1/billing_portal/sessions')?.body).toMatchObject({ customer });
    }

    const noCustomer = await insertUser(ctx.database.db, {});
    const refused = await request(fake.app)
      .post('/api/billing-portal')
      .set('Cookie', verifiedCookie(noCustomer.email))
      .expect(409);
    expect(refused.body.message).toMatch(/no billing account/);
  });
});
