import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, emailVerifications, rateLimitHits } from '../../shared/schema';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { useTestApp } from '../helpers/test-app';
import { insertUser, TEST_SESSION_SECRET } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// A second browser proves the e-mail with a 6-digit code: sent through the outbox, shown on the
// page only in demo mode without SMTP, expiring, with limited attempts.

const T0 = new Date('2026-05-04T15:00:00Z');
let clock = T0;

describe('verification codes', () => {
  // Generous network limits for the suite; one test lowers them to see them work.
  const ctx = useTestApp({
    env: {
      SESSION_SECRET: TEST_SESSION_SECRET,
      VERIFICATION_RATE_LIMIT_PER_HOUR: '1000',
      VERIFY_RATE_LIMIT_PER_HOUR: '1000',
    },
    now: () => clock,
  });
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp?.close());

  async function subscriber() {
    clock = T0;
    return insertUser(ctx.database.db, { email: uniqueEmail('verify') });
  }
  // One browser (its browser key) unless a test says otherwise: in demo mode the address is its.
  const BROWSER = `browser_key=${'b'.repeat(43)}`;
  const askCode = (email: string, app = ctx.app, cookie = BROWSER) =>
    request(app).post('/api/verification-codes').set('Cookie', cookie).send({ email });
  const verify = (email: string, code: string, app = ctx.app, cookie = BROWSER) =>
    request(app).post('/api/verification-codes/verify').set('Cookie', cookie).send({ email, code });
  const verificationsOf = (email: string) =>
    ctx.database.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('sends a code by outbox e-mail, shows it in demo mode, and verifies this browser with it', async () => {
    const user = await subscriber();
    const sent = await askCode(user.email.toUpperCase()).expect(202);
    expect(sent.body).toEqual({ sent: true, demoCode: expect.stringMatching(/^\d{6}$/) });
    const code = sent.body.demoCode as string;

    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, user.email));
    expect(mail).toMatchObject({ kind: 'verification-code', status: 'pending' });
    expect(mail?.body).toContain(code);
    expect(mail?.subject).not.toContain(code);
    const [stored] = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, user.email));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.expiresAt.toISOString()).toBe(new Date(T0.getTime() + 10 * 60_000).toISOString());

    const res = await verify(user.email, code).expect(200);
    expect(res.body).toEqual({ verified: true });
    const access = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('voice_access='));
    expect(access).toMatch(/^voice_access=.+HttpOnly; SameSite=Lax/);
    const browser = `${access!.split(';')[0]}; ${BROWSER}`;
    const lookup = await request(ctx.app)
      .post('/api/subscription-user')
      .set('Cookie', browser)
      .send({ email: user.email })
      .expect(200);
    expect(lookup.body).toMatchObject({
      isVerified: true,
      user: { id: user.id, subscriptionStatus: 'active' },
    });
    await request(ctx.app)
      .post('/api/voice-sessions')
      .set('Cookie', browser)
      .send({ userId: user.id, status: 'started' })
      .expect(201);

    // A code works once, and its hash is gone once used.
    await verify(user.email, code).expect(400);
    expect((await verificationsOf(user.email)).map((row) => row.codeHash)).toEqual([null]);
  });

  it('counts wrong codes: 5 attempts per code, then 429 even for the right one', async () => {
    const user = await subscriber();
    const code = (await askCode(user.email).expect(202)).body.demoCode as string;
    const wrong = otherCode(code);
    const first = await verify(user.email, wrong).expect(400);
    expect(first.body.message).toMatch(/wrong or has expired.*4 attempts left/);
    for (let i = 0; i < 3; i++) await verify(user.email, wrong).expect(400);
    const fifth = await verify(user.email, wrong).expect(429);
    expect(fifth.body).toMatchObject({
      code: 'rate_limited',
      message: 'Too many wrong codes. Please request a new code.',
    });
    await verify(user.email, code).expect(429);

    // A new code starts over, and the old one no longer works: its row is closed, and the only
    // open one is new, with no attempts (checked in the database: the codes may be equal).
    const [old] = await verificationsOf(user.email);
    expect(old).toMatchObject({ attempts: 5, consumedAt: null });
    const fresh = (await askCode(user.email).expect(202)).body.demoCode as string;
    const rows = await verificationsOf(user.email);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === old!.id)).toMatchObject({ consumedAt: T0, codeHash: null });
    const open = rows.filter((row) => row.consumedAt === null);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ attempts: 0, consumedAt: null });
    expect(open[0]!.id).not.toBe(old!.id);
    await verify(user.email, fresh).expect(200);
  });

  it('lets at most 5 simultaneous guesses count against one code', async () => {
    const user = await subscriber();
    const code = (await askCode(user.email).expect(202)).body.demoCode as string;
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(user.email, otherCode(code))));
    expect(answers.filter((res) => res.status === 400)).toHaveLength(4);
    expect(answers.filter((res) => res.status === 429)).toHaveLength(4);
  });

  it('lets a code expire after 10 minutes', async () => {
    const user = await subscriber();
    const code = (await askCode(user.email).expect(202)).body.demoCode as string;
    clock = new Date(T0.getTime() + 10 * 60_000 + 1000);
    const res = await verify(user.email, code).expect(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('validates input, answers any e-mail alike and limits codes per e-mail and per network', async () => {
    const user = await subscriber();
    expect((await verify(user.email, '12345').expect(400)).body.message).toBe('The code has 6 digits.');
    expect((await askCode('nope').expect(400)).body.message).toBe('Please enter a valid e-mail address.');
    // A stranger gets a code as a subscriber does, so the answer tells nobody who subscribes.
    const withSmtp = ctx.rebuild({ env: { SMTP_URL: smtp.url } });
    const stranger = uniqueEmail('stranger');
    const answers = [await askCode(stranger, withSmtp), await askCode(user.email, withSmtp)];
    expect(answers.map((res) => [res.status, res.body])).toEqual([
      [202, { sent: true }],
      [202, { sent: true }],
    ]);
    await verificationsOf(stranger).then((rows) => expect(rows).toHaveLength(1));
    clock = new Date(T0.getTime() + 61 * 60_000);

    for (let i = 0; i < 5; i++) await askCode(user.email).expect(202);
    const perEmail = await askCode(user.email).expect(429);
    expect(perEmail.body.message).toMatch(/try again in an hour/);
    clock = new Date(T0.getTime() + 2 * 61 * 60_000);
    await askCode(user.email).expect(202);

    // Every app on the database shares the counts: the requests above are forgotten first.
    await ctx.database.db.delete(rateLimitHits);
    const limited = ctx.rebuild({
      env: { VERIFICATION_RATE_LIMIT_PER_HOUR: '2', VERIFY_RATE_LIMIT_PER_HOUR: '1' },
    });
    const other = await insertUser(ctx.database.db, { email: uniqueEmail('net') });
    await askCode(other.email, limited).expect(202);
    await askCode(other.email, limited).expect(202);
    expect((await askCode(other.email, limited).expect(429)).body.message).toMatch(/Too many codes/);
    await verify(other.email, '000000', limited);
    expect((await verify(other.email, '000000', limited).expect(429)).body.message).toMatch(
      /Too many code attempts/,
    );
  });

  it('mails the code and never shows it when SMTP is configured or Stripe takes real money', async () => {
    const user = await subscriber();
    const withSmtp = ctx.rebuild({
      env: { SMTP_URL: smtp.url, SMTP_FROM: 'Alex Morgan <alex@example.com>' },
    });
    const sent = await askCode(user.email, withSmtp).expect(202);
    expect(sent.body).toEqual({ sent: true });
    await vi.waitFor(() => expect(smtp.received.some((mail) => mail.to.includes(user.email))).toBe(true), {
      timeout: 5_000,
    });
    const mail = smtp.received.find((received) => received.to.includes(user.email))!;
    const code = /verification code is (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await verify(user.email, code!, withSmtp).expect(200);

    const withStripe = ctx.rebuild({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:9', SMTP_URL: smtp.url },
    });
    expect((await askCode(user.email, withStripe).expect(202)).body).toEqual({ sent: true });
    // Without SMTP no code could ever arrive: none is promised (billing-owner-plans.test.ts).
  });
});
