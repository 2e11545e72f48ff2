import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { voiceSessions } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import {
  endVoiceSession,
  findUser,
  insertSubscriber,
  listSessions,
  secondsAfter,
  startVoiceSession,
  TEST_SESSION_SECRET,
  type UserOverrides,
  VOICE_T0,
} from '../helpers/voice';

// The call gate (POST /api/voice-sessions), metering (PATCH) and the session list, on a
// controllable clock.

let clock = VOICE_T0;

describe('voice sessions', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const db = () => ctx.database.db;

  const subscriber = (overrides: UserOverrides = {}) => {
    clock = VOICE_T0;
    return insertSubscriber(db(), () => clock, overrides);
  };

  it('opens a session for an active subscriber with the seconds this call may last', async () => {
    const { user, cookie } = await subscriber({ used: 10 });
    const res = await startVoiceSession(ctx.app, cookie, user.id).expect(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      userId: user.id,
      status: 'started',
      duration: null,
      billedMinutes: null,
      maxDurationSeconds: 900, // 90 minutes left, one call at most VOICE_MAX_CALL_MINUTES (15)
      transcript: null,
      createdAt: VOICE_T0.toISOString(),
      endedAt: null,
    });
  });

  it('gives the last minutes as the maximum, and VOICE_MAX_CALL_MINUTES on Enterprise', async () => {
    const few = await subscriber({ used: 97 });
    expect(
      (await startVoiceSession(ctx.app, few.cookie, few.user.id).expect(201)).body.maxDurationSeconds,
    ).toBe(180);
    const unlimited = await subscriber({ plan: 'enterprise', used: 5000 });
    expect(
      (await startVoiceSession(ctx.app, unlimited.cookie, unlimited.user.id).expect(201)).body
        .maxDurationSeconds,
    ).toBe(900);
  });

  it('refuses without an active subscription (subscription_required)', async () => {
    for (const status of ['inactive', 'canceled', 'incomplete']) {
      const { user, cookie } = await subscriber({ status });
      const res = await startVoiceSession(ctx.app, cookie, user.id).expect(403);
      expect(res.body).toMatchObject({
        code: 'subscription_required',
        message: 'Please subscribe to use voice features.',
      });
    }
    expect(await db().select().from(voiceSessions)).toEqual([]);
  });

  it('refuses at the limit (minutes_exhausted)', async () => {
    const { user, cookie } = await subscriber({ used: 100 });
    const res = await startVoiceSession(ctx.app, cookie, user.id).expect(403);
    expect(res.body).toMatchObject({
      code: 'minutes_exhausted',
      message: "You've reached your monthly voice minutes limit.",
    });
  });

  it('lets only one of simultaneous starts through with one minute left', async () => {
    const { user, cookie } = await subscriber({ used: 99 });
    // Requests started first, so they all reach the database together.
    const pending = Array.from({ length: 6 }, () => startVoiceSession(ctx.app, cookie, user.id));
    const answers = await Promise.all(pending);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect(
      answers.filter((res) => res.status === 403).every((res) => res.body.code === 'minutes_exhausted'),
    ).toBe(true);
    expect(await listSessions(db(), user.id)).toHaveLength(1);
  });

  it('counts minutes an open call may still use before allowing another', async () => {
    const { user, cookie } = await subscriber({ used: 97 }); // 3 minutes left
    expect((await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body.maxDurationSeconds).toBe(180);
    await startVoiceSession(ctx.app, cookie, user.id).expect(403);
  });

  it("bills the server's time between start and end, in whole minutes rounded up, not the client's claim", async () => {
    const { user, cookie } = await subscriber({ used: 10 });
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    clock = secondsAfter(125);
    const res = await endVoiceSession(ctx.app, cookie, session.id, clock, {
      duration: 1,
      transcript: 'Hi there',
    }).expect(200);
    expect(res.body).toMatchObject({
      status: 'ended',
      duration: 1, // what the client said, for display
      billedMinutes: 3, // 125 s seen by the server
      transcript: 'Hi there',
      endedAt: secondsAfter(125).toISOString(),
    });
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(13);
    const [row] = await listSessions(db(), user.id);
    expect(row?.billedSeconds).toBe(125);
  });

  it('caps the billed time at the maximum the call was given', async () => {
    const { user, cookie } = await subscriber({ used: 99 });
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    clock = secondsAfter(600);
    expect(
      (await endVoiceSession(ctx.app, cookie, session.id, clock, { duration: 600 }).expect(200)).body
        .billedMinutes,
    ).toBe(1);
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(100);
  });

  it('validates the end of a call and ends it once', async () => {
    const { user, cookie } = await subscriber();
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    for (const bad of [
      { duration: 43_201 },
      { duration: -1 },
      { duration: 1.5 },
      { status: 'started' },
      { endedAt: 'yesterday' },
    ]) {
      const res = await endVoiceSession(ctx.app, cookie, session.id, clock, bad).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    await endVoiceSession(ctx.app, cookie, session.id, clock).expect(200);
    const again = await endVoiceSession(ctx.app, cookie, session.id, clock).expect(409);
    expect(again.body.message).toBe('This call has already ended.');
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(0); // 0 s
    await endVoiceSession(ctx.app, cookie, '6f1c1f39-2b5e-4bb4-9d0a-2f2f4c1d9a10', clock).expect(404);
    await endVoiceSession(ctx.app, cookie, 'not-an-id', clock).expect(404);
  });

  it('accepts a long transcript (more than the 32 kB JSON limit of other routes)', async () => {
    const { user, cookie } = await subscriber();
    const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    const transcript = 'assistant: '.padEnd(150_000, 'talk ');
    const res = await endVoiceSession(ctx.app, cookie, session.id, clock, { transcript }).expect(200);
    expect(res.body.transcript).toHaveLength(150_000);
  });

  it("lists the user's sessions newest first", async () => {
    const { user, cookie } = await subscriber();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock = secondsAfter(i * 100);
      const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
      clock = secondsAfter(i * 100 + 30);
      await endVoiceSession(ctx.app, cookie, session.id, clock).expect(200);
      ids.push(session.id);
    }
    const res = await request(ctx.app)
      .get(`/api/voice-sessions/${user.id}`)
      .set('Cookie', cookie)
      .expect(200);
    expect(res.body.map((session: { id: string }) => session.id)).toEqual(ids.reverse());
    expect(res.body[0]).toMatchObject({ status: 'ended', billedMinutes: 1 });
    const limited = await request(ctx.app)
      .get(`/api/voice-sessions/${user.id}?limit=2`)
      .set('Cookie', cookie)
      .expect(200);
    expect(limited.body).toHaveLength(2);
  });
});
