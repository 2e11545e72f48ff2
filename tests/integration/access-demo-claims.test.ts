import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox, emailVerifications } from '../../shared/schema';
import { startFakeSmtpServer } from '../fakes/smtp-server';
import { useTestApp } from '../helpers/test-app';
import { insertUser, TEST_SESSION_SECRET, verifiedCookie } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// Demo mode without e-mail delivery shows codes on the page, so an address belongs to the first
// browser that claims it: no path leads from zero configuration to another visitor's calls.

const T0 = new Date('2026-05-04T15:00:00Z');
let clock = T0;

describe('demo mode: an e-mail belongs to the first browser that claims it', () => {
  const ctx = useTestApp({
    env: {
      SESSION_SECRET: TEST_SESSION_SECRET,
      VERIFICATION_RATE_LIMIT_PER_HOUR: '1000',
      VERIFY_RATE_LIMIT_PER_HOUR: '1000',
      CHECKOUT_RATE_LIMIT_PER_HOUR: '1000',
    },
    now: () => clock,
  });
  const FIRST = `browser_key=${'f'.repeat(43)}`;
  const SECOND = `browser_key=${'s'.repeat(43)}`;
  const askCode = (email: string, cookie?: string, app = ctx.app) => {
    const req = request(app).post('/api/verification-codes');
    return (cookie ? req.set('Cookie', cookie) : req).send({ email });
  };
  const verify = (email: string, code: string, cookie: string) =>
    request(ctx.app).post('/api/verification-codes/verify').set('Cookie', cookie).send({ email, code });
  const rowsOf = (email: string) =>
    ctx.database.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
  const mailsTo = (email: string) =>
    ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

  it('shows the code to the first browser only; another is told to use that one and gets no code', async () => {
    clock = T0;
    const user = await insertUser(ctx.database.db, { email: uniqueEmail('claimed') });
    const code = (await askCode(user.email, FIRST).expect(202)).body.demoCode as string;
    expect(code).toMatch(/^\d{6}$/);

    for (const other of [SECOND, undefined, 'browser_key=forged']) {
      const res = await askCode(user.email.toUpperCase(), other).expect(409);
      expect(res.body.message).toMatch(
        /first used in another browser.*site owner to set up e-mail delivery \(SMTP_URL\)/,
      );
      expect(res.body.demoCode).toBeUndefined();
    }
    expect(await rowsOf(user.email)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);

    // Even the right code, learnt somehow, opens nothing in another browser.
    const stolen = await verify(user.email, code, SECOND).expect(409);
    expect(String(stolen.headers['set-cookie'] ?? '')).not.toMatch(/voice_access=/);
    expect((await verify(user.email, code, FIRST).expect(200)).body).toEqual({ verified: true });
  });

  it('lets the browser that starts a checkout own the address if nobody claimed it', async () => {
    clock = T0;
    const email = uniqueEmail('buyer');
    const subscribe = (cookie: string) =>
      request(ctx.app)
        .post('/api/create-subscription')
        .set('Cookie', cookie)
        .send({ email, plan: 'monthly' });
    // A new address needs no code to subscribe, and the first browser to do so claims it.
    await subscribe(SECOND).expect(200);
    // Another browser, unverified, may not start a checkout in that name.
    const refused = await subscribe(FIRST).expect(409);
    expect(refused.body.message).toMatch(/first used in another browser/);
    // One that proved the e-mail meanwhile (codes went by e-mail then, say) still may.
    await subscribe(`${FIRST}; ${verifiedCookie(email, TEST_SESSION_SECRET, () => clock)}`).expect(200);
    await askCode(email, FIRST).expect(409);
    expect((await askCode(email, SECOND).expect(202)).body.demoCode).toMatch(/^\d{6}$/);
  });

  it('issues the browser key as an HttpOnly cookie to a browser that has none', async () => {
    clock = T0;
    const res = await askCode(uniqueEmail('fresh')).expect(202);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/browser_key=[A-Za-z0-9_-]{43};.*HttpOnly/i);
  });

  it('claims nothing once codes go by e-mail: any browser may ask, and none is shown a code', async () => {
    clock = T0;
    const smtp = await startFakeSmtpServer();
    try {
      const withSmtp = ctx.rebuild({ env: { SMTP_URL: smtp.url } });
      const email = uniqueEmail('mailed');
      expect((await askCode(email, FIRST, withSmtp).expect(202)).body).toEqual({ sent: true });
      expect((await askCode(email, SECOND, withSmtp).expect(202)).body).toEqual({ sent: true });
      await vi.waitFor(() => expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(2));
    } finally {
      await smtp.close();
    }
  });

  it('stores codes as keyed hashes and deletes them once expired; send records go after an hour', async () => {
    clock = T0;
    const email = uniqueEmail('hashed');
    const code = (await askCode(email, FIRST).expect(202)).body.demoCode as string;
    const [row] = await rowsOf(email);
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.codeHash).not.toContain(code);

    clock = new Date(T0.getTime() + 11 * 60_000);
    await askCode(uniqueEmail('other'), FIRST).expect(202); // any request tidies up
    expect((await rowsOf(email)).map((r) => r.codeHash)).toEqual([null]);

    clock = new Date(T0.getTime() + 61 * 60_000);
    await askCode(uniqueEmail('later'), FIRST).expect(202);
    expect(await rowsOf(email)).toEqual([]);
  });
});
