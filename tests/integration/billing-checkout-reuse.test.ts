import request from 'supertest';
import type { Express } from 'express';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { startCheckout, STRIPE_TEST_APP_ENV, useFakeStripe } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// Pressing Subscribe again for the same e-mail and plan within an hour reuses the open Checkout,
// in Stripe mode (the real SDK against tests/fakes/stripe-server.ts) and in the demo checkout;
// concurrent duplicates end with one session (races show on PostgreSQL).

const RELAXED = { CHECKOUT_RATE_LIMIT_PER_HOUR: '1000' };

/** The Checkout's session id, the last segment of the URL the visitor is sent to. */
async function subscribe(app: Express, email: string, plan = 'monthly') {
  const answer = await startCheckout(app, email, plan).expect(200);
  const url = String(answer.body.checkoutUrl);
  return { url, sessionId: url.split('/').at(-1)! };
}

describe('Stripe Checkout reuse', () => {
  const ctx = useTestApp({ env: { ...STRIPE_TEST_APP_ENV, ...RELAXED } });
  const fake = useFakeStripe(ctx);
  const creates = () => fake.requestsTo('POST', '/v1/checkout/sessions').length;

  it('returns the open session for the same e-mail and plan instead of opening another', async () => {
    const email = uniqueEmail('again');
    const before = creates();
    const first = await subscribe(fake.app, email);
    const second = await subscribe(fake.app, email);

    expect(second).toEqual(first);
    expect(creates() - before).toBe(1);
    // The stored session is checked at Stripe before it is handed out again.
    expect(fake.requestsTo('GET', `/v1/checkout/sessions/${first.sessionId}`)).toHaveLength(1);
    expect(fake.stripe.sessions.get(first.sessionId)?.status).toBe('open');
  });

  it('opens a new session for another plan, or once the first was paid or expired', async () => {
    const email = uniqueEmail('changes');
    const monthly = await subscribe(fake.app, email);
    const professional = await subscribe(fake.app, email, 'professional');
    expect(professional.sessionId).not.toBe(monthly.sessionId);
    // The earlier plan's session was expired, so going back to it opens a fresh one.
    const monthlyAgain = await subscribe(fake.app, email);
    expect(monthlyAgain.sessionId).not.toBe(monthly.sessionId);

    fake.stripe.completeCheckoutSession(monthlyAgain.sessionId);
    const afterPaid = await subscribe(fake.app, email);
    expect(afterPaid.sessionId).not.toBe(monthlyAgain.sessionId);

    fake.stripe.sessions.get(afterPaid.sessionId)!.status = 'expired';
    const afterExpired = await subscribe(fake.app, email);
    expect(afterExpired.sessionId).not.toBe(afterPaid.sessionId);
    expect(fake.stripe.sessions.get(afterExpired.sessionId)?.status).toBe('open');
  });

  it('opens a new session once the hour is over', async () => {
    let clock = new Date();
    const app = ctx.rebuild({ env: fake.env(), now: () => clock });
    const email = uniqueEmail('hour');
    const first = await subscribe(app, email);
    clock = new Date(clock.getTime() + 59 * 60_000);
    expect((await subscribe(app, email)).sessionId).toBe(first.sessionId);
    clock = new Date(clock.getTime() + 2 * 60_000);
    const later = await subscribe(app, email);
    expect(later.sessionId).not.toBe(first.sessionId);
    expect(fake.stripe.sessions.get(first.sessionId)?.status).toBe('expired');
  });

  it('ends concurrent duplicate requests with one session', async () => {
    const email = uniqueEmail('racers');
    const before = creates();
    const answers = await Promise.all(Array.from({ length: 12 }, () => subscribe(fake.app, email)));

    expect(new Set(answers.map((answer) => answer.sessionId)).size).toBe(1);
    expect(creates() - before).toBe(1);
    expect(await ctx.database.db.select().from(checkoutSessions)).toHaveLength(1);
  });
});

describe('demo checkout reuse', () => {
  const ctx = useTestApp({ env: { ...STRIPE_TEST_APP_ENV, ...RELAXED } });

  it('returns the open demo checkout until it is confirmed', async () => {
    const email = uniqueEmail('demo-again');
    const first = await subscribe(ctx.app, email, 'professional');
    expect(await subscribe(ctx.app, email, 'professional')).toEqual(first);

    await request(ctx.app).post(`/api/demo-checkout/${first.sessionId}/confirm`).expect(200);
    // Confirmed, the user is live: a second checkout is refused rather than reused.
    await startCheckout(ctx.app, email, 'professional').expect(409);
  });

  it('opens a new demo checkout for another plan', async () => {
    const email = uniqueEmail('demo-plan');
    const first = await subscribe(ctx.app, email, 'professional');
    const other = await subscribe(ctx.app, email, 'monthly');
    expect(other.sessionId).not.toBe(first.sessionId);
    // The earlier tab's checkout can no longer be confirmed.
    await request(ctx.app).get(`/api/demo-checkout/${first.sessionId}`).expect(404);
  });

  it('ends concurrent duplicate requests with one demo checkout', async () => {
    const email = uniqueEmail('demo-racers');
    const answers = await Promise.all(Array.from({ length: 12 }, () => subscribe(ctx.app, email)));
    const ids = new Set(answers.map((answer) => answer.sessionId));
    expect(ids.size).toBe(1);
    await request(ctx.app)
      .get(`/api/demo-checkout/${[...ids][0]!}`)
      .expect(200);
  });
});
