import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sweepVoiceSessions } from '../../server/services/voice/sweep-voice-sessions';
import { useTestApp } from '../helpers/test-app';
import {
  endVoiceSession,
  findSession,
  findUser,
  insertSubscriber,
  secondsAfter,
  startVoiceSession,
  TEST_SESSION_SECRET,
  type UserOverrides,
  VOICE_T0,
} from '../helpers/voice';

// Calls that end badly: a page closed or reloaded mid-call (the beacon's POST .../end), a page that
// stops sending heartbeats (expired within 2 minutes, billed to its last heartbeat, its reserve
// released), the list never showing such a call in progress, and the per-call cap.

let clock = VOICE_T0;

describe('voice calls that end badly', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const db = () => ctx.database.db;

  const subscriber = (overrides: UserOverrides = {}) => {
    clock = VOICE_T0;
    return insertSubscriber(db(), () => clock, overrides);
  };
  const heartbeat = (cookie: string, id: string, app: Express = ctx.app) => {
    const req = request(app).post(`/api/voice-sessions/${id}/heartbeat`);
    if (cookie) req.set('Cookie', cookie);
    return req.send();
  };
  /** Heartbeats every 30 s from `from` to `until` seconds after VOICE_T0, as the page sends them. */
  async function keepAlive(cookie: string, id: string, from: number, until: number) {
    for (let at = from; at <= until; at += 30) {
      clock = secondsAfter(at);
      await heartbeat(cookie, id).expect(204);
    }
  }
  const listed = async (cookie: string, userId: string) =>
    (await request(ctx.app).get(`/api/voice-sessions/${userId}`).set('Cookie', cookie).expect(200)).body as {
      id: string;
      status: string;
      billedMinutes: number | null;
    }[];

  it('releases the reserve of a page that stopped sending heartbeats 2 minutes later, billed to its last one', async () => {
    const { user, cookie } = await subscriber({ used: 90 }); // 10 minutes left, all reserved by the call
    const first = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    expect(first.maxDurationSeconds).toBe(600);
    await keepAlive(cookie, first.id, 30, 90); // then the tab is closed without a word

    clock = secondsAfter(90 + 119);
    const locked = await startVoiceSession(ctx.app, cookie, user.id).expect(403);
    expect(locked.body.code).toBe('minutes_exhausted');

    clock = secondsAfter(90 + 120);
    const next = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    expect(next.maxDurationSeconds).toBe(480); // 100 - 90 - 2 billed
    expect(await findSession(db(), first.id)).toMatchObject({
      status: 'ended',
      billedSeconds: 90,
      billedMinutes: 2,
      endedAt: secondsAfter(90),
    });
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(92);
  });

  it('is expired by the sweep, and a late heartbeat is told the call has ended', async () => {
    const { user, cookie } = await subscriber();
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    await keepAlive(cookie, session.id, 30, 30);

    clock = secondsAfter(30 + 119);
    await sweepVoiceSessions(ctx.deps);
    expect((await findSession(db(), session.id)).status).toBe('started');
    clock = secondsAfter(30 + 121);
    await sweepVoiceSessions(ctx.deps);
    expect(await findSession(db(), session.id)).toMatchObject({ status: 'ended', billedMinutes: 1 });

    const late = await heartbeat(cookie, session.id).expect(409);
    expect(late.body.message).toBe('This call has ended.');
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(1);
  });

  it('closes a silent session on its next heartbeat when the sweep has not yet', async () => {
    const { user, cookie } = await subscriber();
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    await keepAlive(cookie, session.id, 30, 60);
    clock = secondsAfter(60 + 150); // the tab slept
    await heartbeat(cookie, session.id).expect(409);
    expect(await findSession(db(), session.id)).toMatchObject({ status: 'ended', billedSeconds: 60 });
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(1);
  });

  it('keeps a call that sends heartbeats open up to its maximum, and no further', async () => {
    const { user, cookie } = await subscriber({ plan: 'enterprise' });
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    await keepAlive(cookie, session.id, 30, 930);
    expect(await findSession(db(), session.id)).toMatchObject({
      status: 'started',
      lastHeartbeatAt: secondsAfter(900), // never past the maximum
    });
    clock = secondsAfter(900 + 61);
    await sweepVoiceSessions(ctx.deps);
    expect(await findSession(db(), session.id)).toMatchObject({ billedSeconds: 900, billedMinutes: 15 });
  });

  it('answers heartbeats only for the verified owner of a known session', async () => {
    const { user, cookie } = await subscriber();
    const other = await insertSubscriber(db(), () => clock);
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    await heartbeat('', session.id).expect(401);
    await heartbeat(other.cookie, session.id).expect(403);
    await heartbeat(cookie, '6f1c1f39-2b5e-4bb4-9d0a-2f2f4c1d9a10').expect(404);
    await heartbeat(cookie, 'not-an-id').expect(404);
    await endVoiceSession(ctx.app, cookie, session.id, clock).expect(200);
    await heartbeat(cookie, session.id).expect(409);
  });

  it('never lists a call in progress once its page has gone silent', async () => {
    const { user, cookie } = await subscriber({ used: 95 });
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    expect((await listed(cookie, user.id))[0]).toMatchObject({ id: session.id, status: 'started' });
    clock = secondsAfter(121);
    expect((await listed(cookie, user.id))[0]).toMatchObject({
      id: session.id,
      status: 'ended',
      billedMinutes: 0, // no heartbeat after the start: nothing the server can stand behind
    });
    // Its reserve is free again: all 5 minutes for the next call.
    expect((await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body.maxDurationSeconds).toBe(300);
  });

  it('ends a call from the page being closed: POST .../end with a JSON beacon body', async () => {
    const { user, cookie } = await subscriber({ used: 90 });
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    clock = secondsAfter(75);
    const beacon = JSON.stringify({
      status: 'ended',
      duration: 74,
      transcript: 'user: Hello\nassistant: Hi there',
      endedAt: clock.toISOString(),
    });
    const res = await request(ctx.app)
      .post(`/api/voice-sessions/${session.id}/end`)
      .set('Cookie', cookie)
      .set('Content-Type', 'application/json')
      .send(beacon)
      .expect(200);
    expect(res.body).toMatchObject({ status: 'ended', duration: 74, billedMinutes: 2 });
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(92);
    // The reloaded page's own end (or a second beacon) changes nothing.
    await endVoiceSession(ctx.app, cookie, session.id, clock).expect(409);
    await request(ctx.app)
      .post(`/api/voice-sessions/${session.id}/end`)
      .set('Cookie', cookie)
      .send({ status: 'ended', duration: 1, endedAt: clock.toISOString() })
      .expect(409);
    await request(ctx.app)
      .post(`/api/voice-sessions/${session.id}/end`)
      .send(beacon)
      .set('Content-Type', 'application/json')
      .expect(401);
    const bad = await request(ctx.app)
      .post(`/api/voice-sessions/${session.id}/end`)
      .set('Cookie', cookie)
      .send({ duration: 'long' })
      .expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(92);
  });

  it('caps every call at VOICE_MAX_CALL_MINUTES: 15 by default, Enterprise included', async () => {
    const unlimited = await subscriber({ plan: 'enterprise', used: 5000 });
    expect(
      (await startVoiceSession(ctx.app, unlimited.cookie, unlimited.user.id).expect(201)).body
        .maxDurationSeconds,
    ).toBe(900);
    const monthly = await subscriber({ used: 10 });
    expect(
      (await startVoiceSession(ctx.app, monthly.cookie, monthly.user.id).expect(201)).body.maxDurationSeconds,
    ).toBe(900);
    expect((await request(ctx.app).get('/api/voice/config').expect(200)).body.maxCallMinutes).toBe(15);

    const longer = ctx.rebuild({ env: { VOICE_MAX_CALL_MINUTES: '40' } });
    const again = await subscriber({ plan: 'enterprise' });
    expect(
      (await startVoiceSession(longer, again.cookie, again.user.id).expect(201)).body.maxDurationSeconds,
    ).toBe(2400);
    expect((await request(longer).get('/api/voice/config').expect(200)).body.maxCallMinutes).toBe(40);
  });
});
