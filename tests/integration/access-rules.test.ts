import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { voiceSessions } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { insertUser, TEST_SESSION_SECRET, verifiedCookie } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// Typing an e-mail is not enough: calls, sessions, turns and the portal need the signed cookie of
// that very e-mail (401 without it, 403 for anybody else's user or session).

describe('voice access rules', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET } });

  async function twoUsers() {
    const alice = await insertUser(ctx.database.db, {});
    const bob = await insertUser(ctx.database.db, {});
    const [bobSession] = await ctx.database.db
      .insert(voiceSessions)
      .values({
        userId: bob.id,
        status: 'started',
        maxDurationSeconds: 3600,
        transcript: 'bob private',
        metadata: { provider: 'browser' },
      })
      .returning();
    return { alice, bob, bobSession: bobSession!, aliceCookie: verifiedCookie(alice.email) };
  }

  const ended = { status: 'ended', duration: 5, transcript: '', endedAt: new Date().toISOString() };

  it('answers 401 with a message to every protected endpoint without the cookie', async () => {
    const { bob, bobSession } = await twoUsers();
    const answers = await Promise.all([
      request(ctx.app).post('/api/voice-sessions').send({ userId: bob.id, status: 'started' }),
      request(ctx.app).get(`/api/voice-sessions/${bob.id}`),
      request(ctx.app).patch(`/api/voice-sessions/${bobSession.id}`).send(ended),
      request(ctx.app).post(`/api/voice-sessions/${bobSession.id}/turns`).send({ text: 'hi' }),
      request(ctx.app).post('/api/billing-portal'),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/verify/i);
    }
  });

  it("answers 403 when the verified e-mail is not the user's", async () => {
    const { bob, bobSession, aliceCookie } = await twoUsers();
    const answers = await Promise.all([
      request(ctx.app)
        .post('/api/voice-sessions')
        .set('Cookie', aliceCookie)
        .send({ userId: bob.id, status: 'started' }),
      request(ctx.app).get(`/api/voice-sessions/${bob.id}`).set('Cookie', aliceCookie),
      request(ctx.app).patch(`/api/voice-sessions/${bobSession.id}`).set('Cookie', aliceCookie).send(ended),
      request(ctx.app)
        .post(`/api/voice-sessions/${bobSession.id}/turns`)
        .set('Cookie', aliceCookie)
        .send({ text: 'hi' }),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'forbidden',
        message: 'You can only use the subscription of the e-mail you verified.',
      });
      expect(JSON.stringify(res.body)).not.toContain('bob private');
    }
    // Nothing was created or changed: Bob's open session is the only one, exactly as it was.
    expect(await ctx.database.db.select().from(voiceSessions)).toEqual([bobSession]);
  });

  it('answers 403 for user ids that do not exist or are not ids, and 400 for a body that is not a start', async () => {
    const { aliceCookie } = await twoUsers();
    await request(ctx.app).get('/api/voice-sessions/not-a-user').set('Cookie', aliceCookie).expect(403);
    await request(ctx.app)
      .get('/api/voice-sessions/6f1c1f39-2b5e-4bb4-9d0a-2f2f4c1d9a10')
      .set('Cookie', aliceCookie)
      .expect(403);
    const bad = await request(ctx.app)
      .post('/api/voice-sessions')
      .set('Cookie', aliceCookie)
      .send({ userId: 'x', status: 'started' })
      .expect(400);
    expect(bad.body.message).toBe('Unknown user.');
    await request(ctx.app)
      .post('/api/voice-sessions')
      .set('Cookie', aliceCookie)
      .send({ status: 'ended' })
      .expect(400);
  });

  it('rejects tampered, foreign, expired and malformed cookies', async () => {
    const { alice, bob } = await twoUsers();
    const aliceCookie = verifiedCookie(alice.email);
    const [payload, signature] = aliceCookie.slice('voice_access='.length).split('.');
    const forged = Buffer.from(
      Buffer.from(payload!, 'base64url').toString().replace(alice.email, bob.email),
    ).toString('base64url');
    const cookies = [
      `voice_access=${forged}.${signature}`, // e-mail swapped, old signature
      verifiedCookie(bob.email, 'another-secret-that-is-long-enough-9876543'),
      verifiedCookie(bob.email, TEST_SESSION_SECRET, () => new Date(Date.now() - 31 * 86_400_000)), // expired
      'voice_access=garbage',
      `voice_access=${payload}`,
      `voice_checkout=${forged}.${signature}`,
    ];
    for (const cookie of cookies) {
      const res = await request(ctx.app)
        .post('/api/voice-sessions')
        .set('Cookie', cookie)
        .send({ userId: bob.id, status: 'started' });
      expect(res.status, cookie).toBe(401);
    }
    const lookup = await request(ctx.app)
      .post('/api/subscription-user')
      .set('Cookie', cookies[0]!)
      .send({ email: bob.email })
      .expect(200);
    expect(lookup.body).toEqual({ isVerified: false, user: null });
  });

  it('does not accept a cookie signed with the random secret of another server process start', async () => {
    const { alice } = await twoUsers();
    const randomSecretApp = ctx.rebuild({ env: { SESSION_SECRET: '' } });
    const res = await request(randomSecretApp)
      .post('/api/voice-sessions')
      .set('Cookie', verifiedCookie(alice.email))
      .send({ userId: alice.id, status: 'started' });
    expect(res.status).toBe(401);
  });

  const lookup = (email: string, cookie?: string, app = ctx.app) => {
    const req = request(app).post('/api/subscription-user');
    return (cookie ? req.set('Cookie', cookie) : req).send({ email });
  };

  it('gives plan, status and minutes only to the browser verified for that e-mail', async () => {
    const { alice, bob, aliceCookie } = await twoUsers();
    const own = await lookup(alice.email.toUpperCase(), aliceCookie).expect(200);
    expect(own.body).toEqual({
      isVerified: true,
      user: {
        id: alice.id,
        subscriptionStatus: 'active',
        voiceMinutesUsed: 0,
        voiceMinutesLimit: 100,
        subscriptionPlan: 'monthly',
        currentPeriodEnd: null,
        isVerified: true,
      },
    });
    const other = await lookup(bob.email, aliceCookie).expect(200);
    expect(other.body).toEqual({ isVerified: false, user: null });
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('answers a subscriber and a stranger alike when the browser has not verified the e-mail', async () => {
    const { alice, aliceCookie } = await twoUsers();
    const stranger = uniqueEmail('stranger');
    const answers = [
      await lookup(alice.email),
      await lookup(stranger),
      await lookup(alice.email, verifiedCookie(stranger)),
      await lookup(stranger, aliceCookie),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ isVerified: false, user: null });
      expect(res.headers['content-length']).toBe(answers[0]!.headers['content-length']);
    }
    // Verified for an address with no subscription: the page shows "No Subscription".
    expect((await lookup(stranger, verifiedCookie(stranger)).expect(200)).body).toEqual({
      isVerified: true,
      user: null,
    });
  });

  it('takes the e-mail in the body only, and validates it', async () => {
    const invalid = await lookup('not-an-email').expect(400);
    expect(invalid.body.message).toBe('Please enter a valid e-mail address.');
    await request(ctx.app).get('/api/subscription-user/nobody%40example.com').expect(404);
    await request(ctx.app).get('/api/subscription-user').expect(404);
  });

  it('rate-limits lookups with a JSON 429', async () => {
    const limited = ctx.rebuild({ env: { VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i++) await lookup(`probe${i}@example.com`, undefined, limited).expect(200);
    const res = await lookup('probe9@example.com', undefined, limited).expect(429);
    expect(res.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many look-ups/),
    });
  });
});
