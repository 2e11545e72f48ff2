import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { voiceSessions } from '../../shared/schema';
import { sweepVoiceSessions } from '../../server/services/voice/sweep-voice-sessions';
import { useTestApp } from '../helpers/test-app';
import { findUser, insertUser, TEST_SESSION_SECRET, verifiedCookie } from './voice-helpers';

// POST /api/vapi/webhook: authentication, and billing from the end-of-call report, once per call.

const VAPI_SECRET = 'vapi-webhook-secret-for-tests';
const T0 = new Date('2026-05-04T15:00:00Z');
let clock = T0;
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('Vapi end-of-call reports', () => {
  const ctx = useTestApp({
    env: {
      SESSION_SECRET: TEST_SESSION_SECRET,
      VAPI_PUBLIC_KEY: 'pk_test_public',
      VAPI_WEBHOOK_SECRET: VAPI_SECRET,
    },
    now: () => clock,
  });
  describe('webhook', () => {
    async function vapiCall(used = 0, app: Express = ctx.app) {
      clock = T0;
      const user = await insertUser(ctx.database.db, { used });
      const cookie = verifiedCookie(user.email, TEST_SESSION_SECRET, () => clock);
      const session = (
        await request(app)
          .post('/api/voice-sessions')
          .set('Cookie', cookie)
          .send({ userId: user.id, status: 'started' })
          .expect(201)
      ).body;
      return { user, cookie, session };
    }
    const report = (
      message: Record<string, unknown>,
      secret: string | null = VAPI_SECRET,
      app: Express = ctx.app,
    ) => {
      const req = request(app).post('/api/vapi/webhook');
      if (secret) req.set('x-vapi-secret', secret);
      return req.send({
        message: { type: 'end-of-call-report', endedReason: 'customer-ended-call', ...message },
      });
    };
    const end = (app: Express, cookie: string, id: string, body: Record<string, unknown>) =>
      request(app)
        .patch(`/api/voice-sessions/${id}`)
        .set('Cookie', cookie)
        .send({ status: 'ended', duration: 1, transcript: '', endedAt: clock.toISOString(), ...body });

    it('authenticates reports with the shared secret', async () => {
      const { user } = await vapiCall();
      const message = { call: { id: 'call_auth' }, durationSeconds: 60 };
      expect((await report(message, null).expect(401)).body.message).toMatch(/secret/);
      await report(message, 'wrong-secret').expect(401);
      const notConfigured = await report(
        message,
        VAPI_SECRET,
        ctx.rebuild({ env: { VAPI_WEBHOOK_SECRET: '' } }),
      ).expect(503);
      expect(notConfigured.body.message).toMatch(/not configured/);
      await request(ctx.app)
        .post('/api/vapi/webhook')
        .set('Authorization', `Bearer ${VAPI_SECRET}`)
        .send({ message: { type: 'status-update', status: 'ended' } })
        .expect(200, { received: true, outcome: 'ignored' });
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(0);
    });

    it('bills the report: a PATCH claiming 1 s while the report says 600 s bills 10 minutes, once', async () => {
      const { user, cookie, session } = await vapiCall();
      clock = at(5);
      const ended = await end(ctx.app, cookie, session.id, { duration: 1, vapiCallId: 'call_600' }).expect(
        200,
      );
      expect(ended.body).toMatchObject({ status: 'ended', duration: 1, billedMinutes: null });
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(0);

      const message = {
        call: { id: 'call_600' },
        durationSeconds: 600,
        startedAt: T0.toISOString(),
        endedAt: at(600).toISOString(),
      };
      expect((await report(message).expect(200)).body).toEqual({ received: true, outcome: 'billed' });
      expect((await report(message).expect(200)).body.outcome).toBe('duplicate');
      const [row] = await ctx.database.db
        .select()
        .from(voiceSessions)
        .where(eq(voiceSessions.id, session.id));
      expect(row).toMatchObject({
        billedSeconds: 600,
        billedMinutes: 10,
        duration: 1,
        vapiCallId: 'call_600',
      });
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(10);
    });

    it('bills a report that comes before the PATCH, found by the session id in the call metadata', async () => {
      const { user, cookie, session } = await vapiCall();
      const message = {
        call: { id: 'call_early', assistantOverrides: { metadata: { voiceSessionId: session.id } } },
        startedAt: at(2).toISOString(),
        endedAt: at(97).toISOString(),
      };
      expect((await report(message).expect(200)).body.outcome).toBe('billed');
      clock = at(99);
      const ended = await end(ctx.app, cookie, session.id, { duration: 95, vapiCallId: 'call_early' }).expect(
        200,
      );
      expect(ended.body).toMatchObject({ status: 'ended', duration: 95, billedMinutes: 2 });
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(2);
    });

    it('changes nothing for a report of an unknown call or a malformed one', async () => {
      const { user } = await vapiCall();
      expect(
        (await report({ call: { id: 'call_nobody' }, durationSeconds: 300 }).expect(200)).body.outcome,
      ).toBe('unmatched');
      await report({ call: { id: 'call_x' } }).expect(400);
      await report({ durationSeconds: 10 }).expect(400);
      await request(ctx.app)
        .post('/api/vapi/webhook')
        .set('x-vapi-secret', VAPI_SECRET)
        .send({ nothing: true })
        .expect(400);
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(0);
    });

    it("bills the server's own figure when the report never comes", async () => {
      const { user, cookie, session } = await vapiCall(97);
      clock = at(70);
      await end(ctx.app, cookie, session.id, { duration: 3, vapiCallId: 'call_lost' }).expect(200);
      // Meanwhile the unbilled call still counts against the minutes left.
      const next = await request(ctx.app)
        .post('/api/voice-sessions')
        .set('Cookie', cookie)
        .send({ userId: user.id, status: 'started' })
        .expect(201);
      expect(next.body.maxDurationSeconds).toBe(60);
      await end(ctx.app, cookie, next.body.id, { vapiCallId: 'call_next' }).expect(200);

      clock = at(70 + 299);
      await sweepVoiceSessions(ctx.deps);
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(97);
      clock = at(70 + 301);
      await sweepVoiceSessions(ctx.deps);
      const [row] = await ctx.database.db
        .select()
        .from(voiceSessions)
        .where(eq(voiceSessions.id, session.id));
      expect(row).toMatchObject({ billedSeconds: 70, billedMinutes: 2 });
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(99); // + 0 s for the second
    });

    it('bills at once by server time when no webhook secret is configured', async () => {
      const app = ctx.rebuild({ env: { VAPI_WEBHOOK_SECRET: '' } });
      const { user, cookie, session } = await vapiCall(0, app);
      clock = at(61);
      const ended = await end(app, cookie, session.id, { duration: 1, vapiCallId: 'call_plain' }).expect(200);
      expect(ended.body.billedMinutes).toBe(2);
      expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(2);
    });
  });
});
