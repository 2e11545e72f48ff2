import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { voiceSessions } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { insertUser, TEST_SESSION_SECRET, verifiedCookie } from './voice-helpers';

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
      .get(`/api/subscription-user/${bob.email}`)
      .set('Cookie', cookies[0]!)
      .expect(200);
    expect(lookup.body.isVerified).toBe(false);
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

  it('reports isVerified only to the browser holding the cookie of that e-mail', async () => {
    const { alice, bob, aliceCookie } = await twoUsers();
    const own = await request(ctx.app)
      .get(`/api/subscription-user/${alice.email}`)
      .set('Cookie', aliceCookie)
      .expect(200);
    expect(own.body).toEqual({
      id: alice.id,
      subscriptionStatus: 'active',
      voiceMinutesUsed: 0,
      voiceMinutesLimit: 100,
      subscriptionPlan: 'monthly',
      isVerified: true,
    });
    const other = await request(ctx.app)
      .get(`/api/subscription-user/${bob.email}`)
      .set('Cookie', aliceCookie)
      .expect(200);
    expect(other.body.isVerified).toBe(false);
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('validates the e-mail of a lookup and answers 404 for an unknown one', async () => {
    const invalid = await request(ctx.app).get('/api/subscription-user/not-an-email').expect(400);
    expect(invalid.body.message).toBe('Please enter a valid e-mail address.');
    const unknown = await request(ctx.app).get('/api/subscription-user/nobody%40example.com').expect(404);
    expect(unknown.body.message).toBe('No subscription was found for this e-mail address.');
  });

  it('rate-limits lookups with a JSON 429', async () => {
    const limited = ctx.rebuild({ env: { VOICE_LOOKUP_RATE_LIMIT_PER_MINUTE: '3' } });
    for (let i = 0; i < 3; i++)
      await request(limited).get(`/api/subscription-user/probe${i}%40example.com`).expect(404);
    const res = await request(limited).get('/api/subscription-user/probe9%40example.com').expect(429);
    expect(res.body).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many look-ups/),
    });
  });
});
