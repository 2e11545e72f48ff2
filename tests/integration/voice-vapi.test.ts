import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { logger } from '../../server/lib/logger';
import { sweepVoiceSessions } from '../../server/services/voice/sweep-voice-sessions';
import { testEnv, useTestApp } from '../helpers/test-app';
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
  vapiTestEnv,
  VAPI_TEST_SECRET,
  VOICE_T0,
} from '../helpers/voice';

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

  /** The sweep with the configuration of fake.app (reports on). */
  const sweepWithReports = () =>
    sweepVoiceSessions({ ...ctx.deps, env: testEnv(vapiTestEnv(fake.vapi.url)) });
  const heartbeat = (app: Express, cookie: string, id: string) =>
    request(app).post(`/api/voice-sessions/${id}/heartbeat`).set('Cookie', cookie).send();

  it('closes a Vapi session left open at its maximum, and one that never got a call for nothing', async () => {
    const plain = fake.rebuild({ VAPI_WEBHOOK_SECRET: '' });
    const { user, cookie, session } = await vapiCall({ used: 90, withApp: plain }); // 600 s allowed
    await startVoiceSession(plain, cookie, user.id).expect(403); // its 10 minutes are reserved
    for (let at = 30; at <= 630; at += 30) {
      clock = secondsAfter(at);
      await heartbeat(plain, cookie, session.id).expect(204); // the page stays, past the maximum
    }
    clock = secondsAfter(600 + 61);
    await sweepVoiceSessions(ctx.deps);
    expect(await minutesUsed(user.email)).toBe(100);

    const { user: idle, cookie: idleCookie } = await insertSubscriber(ctx.database.db, () => clock);
    await startVoiceSession(plain, idleCookie, idle.id).expect(201);
    clock = secondsAfter(600 + 61 + 3600 + 61);
    await sweepVoiceSessions(ctx.deps);
    expect(await minutesUsed(idle.email)).toBe(0);
  });

  it("ends a call whose page went silent at Vapi, frees its reserve, and lets Vapi's report bill it", async () => {
    const { user, cookie, session, callId } = await vapiCall({ used: 90 }); // 600 s allowed
    for (const at of [30, 60]) {
      clock = secondsAfter(at);
      await heartbeat(fake.app, cookie, session.id).expect(204);
    }
    clock = secondsAfter(60 + 121); // the tab was closed after the heartbeat at 60 s
    await sweepWithReports();
    expect(await storedSession(session.id)).toMatchObject({
      status: 'ended',
      billedMinutes: null, // Vapi's report will say
      endedAt: secondsAfter(60),
    });
    expect(fake.vapi.calls.get(callId)?.controls).toEqual([{ type: 'end-call' }]);
    // Until the report comes, the call holds what the server saw (1 minute), not its 10.
    const next = (await startVoiceSession(fake.app, cookie, user.id).expect(201)).body;
    expect(next.maxDurationSeconds).toBe(540);
    await endVoiceSession(fake.app, cookie, next.id, clock).expect(200);

    // Vapi's report is the source of truth when it arrives, and only once.
    const billed = await report({ call: { id: callId }, durationSeconds: 75 }).expect(200);
    expect(billed.body.outcome).toBe('billed');
    expect(await storedSession(session.id)).toMatchObject({ billedSeconds: 75, billedMinutes: 2 });
    expect((await report({ call: { id: callId }, durationSeconds: 75 })).body.outcome).toBe('duplicate');
    clock = secondsAfter(60 + 121 + 600);
    await sweepWithReports();
    expect(await minutesUsed(user.email)).toBe(92);
  });

  it('bills a silent call to its last heartbeat when the report never comes', async () => {
    const { user, cookie, session, callId } = await vapiCall();
    clock = secondsAfter(90);
    await heartbeat(fake.app, cookie, session.id).expect(204);
    clock = secondsAfter(90 + 121);
    await sweepWithReports();
    clock = secondsAfter(90 + 300 + 1); // the report wait after the end the server recorded
    await sweepWithReports();
    expect(await storedSession(session.id)).toMatchObject({ billedSeconds: 90, billedMinutes: 2 });
    expect(await minutesUsed(user.email)).toBe(2);
    expect(fake.vapi.calls.get(callId)?.controls).toEqual([{ type: 'end-call' }]);
  });

  it('bills a silent call to its last heartbeat at once, and ends it at Vapi, without reports', async () => {
    const plain = fake.rebuild({ VAPI_WEBHOOK_SECRET: '' });
    const { user, cookie, session, callId } = await vapiCall({ withApp: plain });
    clock = secondsAfter(45);
    await heartbeat(plain, cookie, session.id).expect(204);
    clock = secondsAfter(45 + 130);
    await heartbeat(plain, cookie, session.id).expect(409); // the page wakes up too late
    expect(await storedSession(session.id)).toMatchObject({ status: 'ended', billedSeconds: 45 });
    expect(await minutesUsed(user.email)).toBe(1);
    expect(fake.vapi.calls.get(callId)?.controls).toEqual([{ type: 'end-call' }]);
  });

  it('keeps reports of unknown calls for the owner, once each, and logs a warning with the call id only', async () => {
    const token = 'owner-token-for-tests-0123456789';
    clock = VOICE_T0;
    const app = fake.rebuild({ OWNER_API_TOKEN: token });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    try {
      const unknown = {
        call: { id: 'call_from_elsewhere', customer: { number: '+15550100' } },
        durationSeconds: 300,
        startedAt: '2026-05-04T14:00:00.000Z',
        endedAt: '2026-05-04T14:05:00.000Z',
        transcript: 'AI: Hello Ada. User: my card number is 4242',
        customer: { number: '+15550100', name: 'Ada' },
      };
      for (let i = 0; i < 2; i++)
        expect((await report(unknown, VAPI_TEST_SECRET, app).expect(200)).body.outcome).toBe('unmatched');
      expect(warn).toHaveBeenCalledWith('vapi report for an unknown call', { callId: 'call_from_elsewhere' });
    } finally {
      warn.mockRestore();
    }
    await request(app).get('/api/owner/unknown-voice-reports').expect(401);
    const listed = await request(app)
      .get('/api/owner/unknown-voice-reports')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(listed.body).toEqual([
      {
        id: expect.any(String),
        vapiCallId: 'call_from_elsewhere',
        durationSeconds: 300,
        endedReason: 'customer-ended-call',
        startedAt: '2026-05-04T14:00:00.000Z',
        endedAt: '2026-05-04T14:05:00.000Z',
        createdAt: VOICE_T0.toISOString(),
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/Ada|4242|15550100/);
  });

  it('refuses a report whose duration or times no call can have, and stores nothing from it', async () => {
    const { user, callId } = await vapiCall();
    for (const message of [
      { call: { id: callId }, durationSeconds: 1e21 },
      { call: { id: callId }, durationSeconds: 86_401 },
      { call: { id: callId }, startedAt: '-271821-04-20T00:00:00Z', endedAt: VOICE_T0.toISOString() },
      { call: { id: 'call_unknown' }, startedAt: VOICE_T0.toISOString(), endedAt: '+275760-09-13T00:00:00Z' },
    ]) {
      expect((await report(message).expect(400)).body.message).toBeTruthy();
    }
    expect(await minutesUsed(user.email)).toBe(0);
  });
});
