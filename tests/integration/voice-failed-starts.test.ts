import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import {
  createWebCall,
  endVoiceSession,
  findUser,
  insertSubscriber,
  listSessions,
  secondsAfter,
  startVoiceSession,
  TEST_SESSION_SECRET,
  useFakeVapi,
  VAPI_TEST_SECRET,
  VOICE_T0,
} from '../helpers/voice';

// A call whose start failed (the page ends it with hasCallStarted: false) leaves no 0:00 session
// behind, unless the server saw a conversation in it; once a call exists at Vapi, Vapi's report
// decides what is billed.

let clock = VOICE_T0;

describe('failed call starts', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const fake = useFakeVapi(ctx);
  const db = () => ctx.database.db;

  async function open(app = ctx.app) {
    clock = VOICE_T0;
    const { user, cookie } = await insertSubscriber(db(), () => clock, { used: 10 });
    const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body as { id: string };
    return { user, cookie, session };
  }

  it('removes the session of a call that never went live: not listed, nothing billed', async () => {
    const { user, cookie, session } = await open();
    clock = secondsAfter(4);
    await endVoiceSession(ctx.app, cookie, session.id, clock, { duration: 0, hasCallStarted: false }).expect(
      204,
    );

    expect(await listSessions(db(), user.id)).toEqual([]);
    const listed = await request(ctx.app)
      .get(`/api/voice-sessions/${user.id}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(listed.body).toEqual([]);
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(10);
    // Gone: ending it again finds nothing.
    await endVoiceSession(ctx.app, cookie, session.id, clock, { hasCallStarted: false }).expect(404);
  });

  it('ends a call as usual when it went live, or when the server answered a turn of it', async () => {
    const live = await open();
    clock = secondsAfter(30);
    await endVoiceSession(ctx.app, live.cookie, live.session.id, clock, { duration: 30 }).expect(200);
    expect(await listSessions(db(), live.user.id)).toHaveLength(1);

    const talked = await open();
    clock = secondsAfter(20);
    await request(ctx.app)
      .post(`/api/voice-sessions/${talked.session.id}/turns`)
      .set('Cookie', talked.cookie)
      .send({ text: 'Hello?' })
      .expect(200);
    const res = await endVoiceSession(ctx.app, talked.cookie, talked.session.id, clock, {
      duration: 0,
      hasCallStarted: false,
    }).expect(200);
    expect(res.body).toMatchObject({ status: 'ended', billedMinutes: 1 });
    expect(await listSessions(db(), talked.user.id)).toHaveLength(1);
  });

  it('ends at Vapi the call created for a start that failed; the report from Vapi, not the page, decides the bill', async () => {
    const app = fake.app;
    const report = (callId: string, durationSeconds: number) =>
      request(app)
        .post('/api/vapi/webhook')
        .set('x-vapi-secret', VAPI_TEST_SECRET)
        .send({ message: { type: 'end-of-call-report', call: { id: callId }, durationSeconds } })
        .expect(200);
    const listed = async (userId: string, cookie: string) =>
      (await request(app).get(`/api/voice-sessions/${userId}`).set('Cookie', cookie).expect(200))
        .body as unknown[];

    // A start that really failed: Vapi reports no time; nothing billed, nothing listed.
    const failed = await open(app);
    const failedCall = (await createWebCall(app, failed.cookie, failed.session.id).expect(201)).body as {
      id: string;
    };
    clock = secondsAfter(3);
    await endVoiceSession(app, failed.cookie, failed.session.id, clock, {
      duration: 0,
      hasCallStarted: false,
    }).expect(200);
    expect(fake.vapi.calls.get(failedCall.id)?.controls).toEqual([{ type: 'end-call' }]);
    expect(await listed(failed.user.id, failed.cookie)).toEqual([]);
    await report(failedCall.id, 0);
    expect(await listed(failed.user.id, failed.cookie)).toEqual([]);
    expect((await findUser(db(), failed.user.email)).voiceMinutesUsed).toBe(10);

    // A page that talked for five minutes and then claimed a failed start is billed all the same.
    const cheat = await open(app);
    const cheatCall = (await createWebCall(app, cheat.cookie, cheat.session.id).expect(201)).body as {
      id: string;
    };
    clock = secondsAfter(300);
    await endVoiceSession(app, cheat.cookie, cheat.session.id, clock, {
      duration: 0,
      hasCallStarted: false,
    }).expect(200);
    expect((await report(cheatCall.id, 300)).body.outcome).toBe('billed');
    expect((await findUser(db(), cheat.user.email)).voiceMinutesUsed).toBe(15);
    expect(await listed(cheat.user.id, cheat.cookie)).toMatchObject([{ billedMinutes: 5 }]);
  });
});
