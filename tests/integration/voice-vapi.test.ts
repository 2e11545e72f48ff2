import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sweepVoiceSessions } from '../../server/services/voice/sweep-voice-sessions';
import { useTestApp } from '../helpers/test-app';
import {
  createWebCall,
  endVoiceSession,
  findSession,
  findUser,
  insertSubscriber,
  secondsAfter,
  startVoiceSession,
  TEST_SESSION_SECRET,
  useFakeVapi,
  VAPI_TEST_SECRET,
  VOICE_T0,
} from './voice-helpers';

// POST /api/vapi/webhook: authentication, and billing from the end-of-call report, once per call,
// for the session whose call the server created. Without reports, the server's own time.

let clock = VOICE_T0;

describe('Vapi end-of-call reports', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const fake = useFakeVapi(ctx);

  /** A subscriber's session with its call created through our server, at VOICE_T0. */
  async function vapiCall({ used = 0, withApp = fake.app }: { used?: number; withApp?: Express } = {}) {
    clock = VOICE_T0;
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => clock, { used });
    const session = (await startVoiceSession(withApp, cookie, user.id).expect(201)).body as {
      id: string;
      maxDurationSeconds: number;
    };
    const call = (await createWebCall(withApp, cookie, session.id).expect(201)).body as { id: string };
    return { user, cookie, session, callId: call.id };
  }
  const report = (
    message: Record<string, unknown>,
    secret: string | null = VAPI_TEST_SECRET,
    to = fake.app,
  ) => {
    const req = request(to).post('/api/vapi/webhook');
    if (secret) req.set('x-vapi-secret', secret);
    return req.send({
      message: { type: 'end-of-call-report', endedReason: 'customer-ended-call', ...message },
    });
  };
  const storedSession = (id: string) => findSession(ctx.database.db, id);
  const minutesUsed = async (email: string) => (await findUser(ctx.database.db, email)).voiceMinutesUsed;

  it('authenticates reports with the shared secret', async () => {
    const { user, callId } = await vapiCall();
    const message = { call: { id: callId }, durationSeconds: 60 };
    expect((await report(message, null).expect(401)).body.message).toMatch(/secret/);
    await report(message, 'wrong-secret').expect(401);
    const notConfigured = await report(
      message,
      VAPI_TEST_SECRET,
      fake.rebuild({ VAPI_WEBHOOK_SECRET: '' }),
    ).expect(503);
    expect(notConfigured.body.message).toMatch(/not configured/);
    await request(fake.app)
      .post('/api/vapi/webhook')
      .set('Authorization', `Bearer ${VAPI_TEST_SECRET}`)
      .send({ message: { type: 'status-update', status: 'ended' } })
      .expect(200, { received: true, outcome: 'ignored' });
    expect(await minutesUsed(user.email)).toBe(0);
  });

  it('bills the report: a PATCH claiming 1 s while the report says 600 s bills 10 minutes, once', async () => {
    const { user, cookie, session, callId } = await vapiCall();
    clock = secondsAfter(5);
    const ended = await endVoiceSession(fake.app, cookie, session.id, clock, {
      duration: 1,
      vapiCallId: 'call_the_page_made_up',
    }).expect(200);
    expect(ended.body).toMatchObject({ status: 'ended', duration: 1, billedMinutes: null });
    expect(await minutesUsed(user.email)).toBe(0);
    // Ending the session ends the call at Vapi too.
    expect(fake.vapi.calls.get(callId)?.controls).toEqual([{ type: 'end-call' }]);

    const message = {
      call: { id: callId },
      durationSeconds: 600,
      startedAt: VOICE_T0.toISOString(),
      endedAt: secondsAfter(600).toISOString(),
    };
    expect((await report(message).expect(200)).body).toEqual({ received: true, outcome: 'billed' });
    expect((await report(message).expect(200)).body.outcome).toBe('duplicate');
    expect(await storedSession(session.id)).toMatchObject({
      billedSeconds: 600,
      billedMinutes: 10,
      duration: 1,
      vapiCallId: callId,
    });
    expect(await minutesUsed(user.email)).toBe(10);
  });

  it('bills a report that comes before the PATCH', async () => {
    const { user, cookie, session, callId } = await vapiCall();
    const message = {
      call: { id: callId },
      startedAt: secondsAfter(2).toISOString(),
      endedAt: secondsAfter(97).toISOString(),
    };
    expect((await report(message).expect(200)).body.outcome).toBe('billed');
    clock = secondsAfter(99);
    const ended = await endVoiceSession(fake.app, cookie, session.id, clock, { duration: 95 }).expect(200);
    expect(ended.body).toMatchObject({ status: 'ended', duration: 95, billedMinutes: 2 });
    expect(await minutesUsed(user.email)).toBe(2);
  });

  it('finds the session only by the call id the server stored, never by what the page sent', async () => {
    const { user, cookie, session, callId } = await vapiCall();
    // A call the page started some other way, naming our session in its metadata: not ours.
    const foreign = {
      call: { id: 'call_not_created_here', metadata: { voiceSessionId: session.id } },
      assistant: { metadata: { voiceSessionId: session.id } },
      durationSeconds: 5,
    };
    expect((await report(foreign).expect(200)).body.outcome).toBe('unmatched');
    clock = secondsAfter(30);
    await endVoiceSession(fake.app, cookie, session.id, clock, {
      vapiCallId: 'call_not_created_here',
    }).expect(200);
    expect((await storedSession(session.id)).vapiCallId).toBe(callId);
    expect((await report(foreign).expect(200)).body.outcome).toBe('unmatched');
    expect((await report({ call: { id: callId }, durationSeconds: 30 }).expect(200)).body.outcome).toBe(
      'billed',
    );
    expect(await minutesUsed(user.email)).toBe(1);
  });

  it('changes nothing for a report of an unknown call or a malformed one', async () => {
    const { user } = await vapiCall();
    expect(
      (await report({ call: { id: 'call_nobody' }, durationSeconds: 300 }).expect(200)).body.outcome,
    ).toBe('unmatched');
    await report({ call: { id: 'call_x' } }).expect(400);
    await report({ durationSeconds: 10 }).expect(400);
    await request(fake.app)
      .post('/api/vapi/webhook')
      .set('x-vapi-secret', VAPI_TEST_SECRET)
      .send({ nothing: true })
      .expect(400);
    expect(await minutesUsed(user.email)).toBe(0);
  });

  it("bills the server's own figure when the report never comes", async () => {
    const { user, cookie, session } = await vapiCall({ used: 97 });
    clock = secondsAfter(70);
    await endVoiceSession(fake.app, cookie, session.id, clock, { duration: 3 }).expect(200);
    // Meanwhile the unbilled call still counts against the minutes left.
    const next = (await startVoiceSession(fake.app, cookie, user.id).expect(201)).body;
    expect(next.maxDurationSeconds).toBe(60);
    await endVoiceSession(fake.app, cookie, next.id, clock).expect(200); // no call: nothing to bill

    clock = secondsAfter(70 + 299);
    await sweepVoiceSessions(ctx.deps);
    expect(await minutesUsed(user.email)).toBe(97);
    clock = secondsAfter(70 + 301);
    await sweepVoiceSessions(ctx.deps);
    expect(await storedSession(session.id)).toMatchObject({ billedSeconds: 70, billedMinutes: 2 });
    expect(await minutesUsed(user.email)).toBe(99);
  });

  it('bills at once by server time, and ends the call at Vapi, when no report was requested', async () => {
    const settings: Record<string, string>[] = [{ VAPI_WEBHOOK_SECRET: '' }, { PUBLIC_URL: '' }];
    for (const [index, env] of settings.entries()) {
      const plain = fake.rebuild(env);
      const { user, cookie, session, callId } = await vapiCall({ withApp: plain });
      const sent = fake.vapi.calls.get(callId)?.request.assistantOverrides as Record<string, unknown>;
      expect(sent.server).toBeUndefined();
      clock = secondsAfter(61 + index);
      const ended = await endVoiceSession(plain, cookie, session.id, clock, { duration: 1 }).expect(200);
      expect(ended.body.billedMinutes).toBe(2);
      expect(await minutesUsed(user.email)).toBe(2);
      expect(fake.vapi.calls.get(callId)?.controls).toEqual([{ type: 'end-call' }]);
      // A report that arrives anyway (the secret is set in the second case) bills nothing more.
      if (index === 1)
        expect((await report({ call: { id: callId }, durationSeconds: 600 })).body.outcome).toBe('duplicate');
    }
  });

  it('closes a Vapi session left open at its maximum, and one that never got a call for nothing', async () => {
    const plain = fake.rebuild({ VAPI_WEBHOOK_SECRET: '' });
    const { user, cookie } = await vapiCall({ used: 90, withApp: plain }); // 600 s allowed
    await startVoiceSession(plain, cookie, user.id).expect(403); // its 10 minutes are reserved
    clock = secondsAfter(600 + 61);
    await sweepVoiceSessions(ctx.deps);
    expect(await minutesUsed(user.email)).toBe(100);

    const { user: idle, cookie: idleCookie } = await insertSubscriber(ctx.database.db, () => clock);
    await startVoiceSession(plain, idleCookie, idle.id).expect(201);
    clock = secondsAfter(600 + 61 + 3600 + 61);
    await sweepVoiceSessions(ctx.deps);
    expect(await minutesUsed(idle.email)).toBe(0);
  });
});
