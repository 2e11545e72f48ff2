import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/services/content/load-content';
import { fixtureOwnerDir } from '../helpers/fixture-owners';
import { useTestApp } from '../helpers/test-app';
import {
  findUser,
  insertSubscriber,
  insertUser,
  STRIPE_TEST_APP_ENV,
  startCheckout,
  useFakeStripe,
  verifiedCookie,
} from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// The owner's plans (content/plans.json) on the wire and at Stripe: Inês Carvalho charges in
// euros, with her own names, prices and minutes.

describe("the owner's plans", () => {
  const ctx = useTestApp({ env: STRIPE_TEST_APP_ENV });
  const fake = useFakeStripe(ctx);
  let ines: ReturnType<typeof fake.rebuild>;
  beforeAll(async () => {
    ctx.content = await loadContent(fixtureOwnerDir('ines-carvalho'));
    ines = fake.rebuild();
  });

  it('serves them publicly, and the default spec plans to an owner without plans.json', async () => {
    const res = await request(ines).get('/api/plans').expect(200);
    expect(res.body).toEqual({
      currency: 'eur',
      plans: [
        { id: 'monthly', name: 'Essencial', price: 25, minutes: 90, isPopular: false },
        { id: 'professional', name: 'Profissional', price: 49.5, minutes: 250, isPopular: true },
        { id: 'enterprise', name: 'Empresa', price: 89, minutes: -1, isPopular: false },
      ],
    });
    ctx.content = await loadContent(fixtureOwnerDir('alex-morgan'));
    const alex = await request(fake.rebuild()).get('/api/plans').expect(200);
    expect(alex.body.currency).toBe('usd');
    expect(alex.body.plans.map((plan: { price: number }) => plan.price)).toEqual([29, 59, 99]);
    ctx.content = await loadContent(fixtureOwnerDir('ines-carvalho'));
  });

  it("charges Checkout in the owner's currency and gives the plan's minutes once paid", async () => {
    const email = uniqueEmail('cliente');
    const browser = request.agent(ines);
    await startCheckout(browser, email, 'professional').expect(200);
    const created = fake.lastRequest('/v1/checkout/sessions')!;
    const item = (created.body.line_items as Record<string, Record<string, unknown>>[])[0]!;
    expect(item.price_data).toMatchObject({ currency: 'eur', unit_amount: '4950' });
    expect(item.price_data!.product_data).toMatchObject({ name: 'Profissional voice plan' });

    const session = [...fake.stripe.sessions.values()].at(-1)!;
    fake.stripe.completeCheckoutSession(String(session.id));
    await browser.post('/api/checkout-sessions/confirm').send({ sessionId: session.id }).expect(200);
    expect(await findUser(ctx.database.db, email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'professional',
      voiceMinutesLimit: 250,
    });
  });
});

describe('demo cancel and codes without e-mail delivery', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: STRIPE_TEST_APP_ENV.SESSION_SECRET } });

  it('lets a demo subscriber cancel: the plan ends, the history stays, a second cancel is a 409', async () => {
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => new Date(), { used: 12 });
    const cancel = (cookieHeader?: string) => {
      const req = request(ctx.app).post('/api/demo-cancel');
      if (cookieHeader) req.set('Cookie', cookieHeader);
      return req;
    };
    await cancel().expect(401);
    const res = await cancel(cookie).expect(200);
    expect(res.body).toMatchObject({ id: user.id, subscriptionStatus: 'canceled', voiceMinutesUsed: 12 });
    expect((await findUser(ctx.database.db, user.email)).subscriptionStatus).toBe('canceled');
    expect((await cancel(cookie).expect(409)).body.message).toBe('This subscription has already ended.');
    const stranger = await cancel(verifiedCookie(uniqueEmail('nobody'))).expect(404);
    expect(stranger.body.message).toMatch(/No subscription/);
    const stripe = ctx.rebuild({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    const portal = await request(stripe).post('/api/demo-cancel').set('Cookie', cookie).expect(409);
    expect(portal.body.message).toMatch(/billing portal/);
  });

  it('says what the owner must set up when no code can be e-mailed (Stripe without SMTP)', async () => {
    const user = await insertUser(ctx.database.db, { status: 'active' });
    const stripe = ctx.rebuild({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:9' },
    });
    const res = await request(stripe).post('/api/verification-codes').send({ email: user.email }).expect(503);
    expect(res.body.message).toMatch(/e-mail delivery is not set up.*SMTP_URL/);
    // The same answer for any address: it tells nothing about this one.
    const other = await request(stripe)
      .post('/api/verification-codes')
      .send({ email: uniqueEmail('other') })
      .expect(503);
    expect(other.body.message).toBe(res.body.message);
    // With SMTP configured the code goes by e-mail.
    const mailing = ctx.rebuild({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_API_BASE: 'http://127.0.0.1:9',
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
    });
    await request(mailing).post('/api/verification-codes').send({ email: user.email }).expect(202);
  });
});
