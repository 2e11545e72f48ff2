import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertSubscriber,
  insertUser,
  STRIPE_TEST_APP_ENV,
  TEST_SESSION_SECRET,
  useFakeStripe,
  verifiedCookie,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// POST /api/demo-plan: a demo subscriber out of minutes upgrades on the page (no portal in demo).

describe('demo plan change', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET } });
  const changePlan = (cookie: string | null, body: unknown) => {
    const req = request(ctx.app).post('/api/demo-plan');
    if (cookie) req.set('Cookie', cookie);
    return req.send(body as object);
  };

  it('switches an active demo subscriber to the new plan, keeping the minutes used', async () => {
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => new Date(), { used: 100 });
    const res = await changePlan(cookie, { plan: 'professional' }).expect(200);
    expect(res.body).toMatchObject({
      id: user.id,
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
      voiceMinutesUsed: 100,
    });
    expect(await findUser(ctx.database.db, user.email)).toMatchObject({
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 300,
    });
  });

  it('answers 401 unverified, 400 for an unknown plan, 404 without a user, 409 without a subscription', async () => {
    const email = uniqueEmail('plan');
    await changePlan(null, { plan: 'professional' }).expect(401);
    expect((await changePlan(verifiedCookie(email), { plan: 'gold' }).expect(400)).body.message).toBeTruthy();
    await changePlan(verifiedCookie(email), { plan: 'professional' }).expect(404);
    await insertUser(ctx.database.db, { email, status: 'inactive', plan: null });
    await changePlan(verifiedCookie(email), { plan: 'professional' }).expect(409);
    expect((await findUser(ctx.database.db, email)).subscriptionPlan).toBeNull();
  });
});

describe('demo plan change with Stripe configured', () => {
  const ctx = useTestApp({ env: STRIPE_TEST_APP_ENV });
  const fake = useFakeStripe(ctx);

  it('is refused (409): Stripe subscribers change plans in the billing portal', async () => {
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => new Date(), { used: 100 });
    const res = await request(fake.app)
      .post('/api/demo-plan')
      .set('Cookie', cookie)
      .send({ plan: 'enterprise' })
      .expect(409);
    expect(res.body.message).toMatch(/billing portal/);
    expect((await findUser(ctx.database.db, user.email)).subscriptionPlan).toBe('monthly');
  });
});
