import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { vapiAssistants } from '../../shared/schema';
import { expectErrorLogs } from '../helpers/log-recorder';
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
  VAPI_TEST_KEY,
  VAPI_TEST_PUBLIC_URL,
  VAPI_TEST_SECRET,
  VOICE_T0,
} from '../helpers/voice';

// POST /api/vapi/call/web, Vapi's proxy pattern: the page's SDK asks our server for its call, and
// the server creates it at a loopback Vapi (tests/fakes/vapi-server.ts) with its own key, assistant,
// maximum and metadata.

let clock = VOICE_T0;

describe('Vapi calls created by the server', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const fake = useFakeVapi(ctx);
  const webCallsAtVapi = () => fake.vapi.requests.filter((req) => req.path === '/call/web');

  async function openSession(app = fake.rebuild(), used = 0) {
    clock = VOICE_T0;
    fake.vapi.requests.length = 0;
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => clock, { used });
    const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body as {
      id: string;
      maxDurationSeconds: number;
    };
    return { app, user, cookie, session };
  }
  const storedSession = (id: string) => findSession(ctx.database.db, id);

  it("creates the call with the server's key, assistant, maximum and metadata, whatever the page sent", async () => {
    const { app, user, cookie, session } = await openSession(fake.rebuild(), 97);
    expect(session.maxDurationSeconds).toBe(180);
    clock = secondsAfter(30);
    const res = await createWebCall(app, cookie, session.id, {
      assistant: {
        voiceSessionId: session.id,
        maxDurationSeconds: 43_200,
        metadata: { voiceSessionId: 'x' },
      },
      assistantId: 'asst_of_the_page',
      assistantOverrides: { maxDurationSeconds: 43_200, server: { url: 'https://elsewhere.example' } },
      roomDeleteOnUserLeaveEnabled: false,
    })
      .set('Authorization', 'Bearer pk_anything')
      .expect(201);

    const [sent] = webCallsAtVapi();
    const [assistant] = await ctx.database.db.select().from(vapiAssistants);
    expect(sent).toEqual({
      method: 'POST',
      path: '/call/web',
      authorization: `Bearer ${VAPI_TEST_KEY}`,
      body: {
        assistantId: assistant?.vapiAssistantId,
        assistantOverrides: {
          maxDurationSeconds: 150, // 180 s allowed from the start the server recorded, 30 s ago
          metadata: { voiceSessionId: session.id, userId: user.id },
          monitorPlan: { controlEnabled: true },
          server: {
            url: `${VAPI_TEST_PUBLIC_URL}/api/vapi/webhook`,
            headers: { 'x-vapi-secret': VAPI_TEST_SECRET },
          },
          serverMessages: ['end-of-call-report'],
        },
      },
    });

    // The SDK gets what it reads of Vapi's call, and nothing that controls or overhears it.
    expect(res.body).toEqual({
      id: expect.any(String),
      type: 'webCall',
      status: 'queued',
      createdAt: expect.any(String),
      webCallUrl: expect.stringMatching(/^https:\/\/vapi\.daily\.co\//),
      artifactPlan: { videoRecordingEnabled: false },
    });
    const text = JSON.stringify(res.body);
    for (const secret of [VAPI_TEST_KEY, VAPI_TEST_SECRET, '/control', '/listen', user.id])
      expect(text).not.toContain(secret);
    expect((await storedSession(session.id)).vapiCallId).toBe(res.body.id);
  });

  it('sends the inline assistant while Vapi cannot store it, and no server URL without report settings', async () => {
    const app = fake.rebuild({ PUBLIC_URL: '', VAPI_VOICE_ID: 'jennifer' });
    // A failed sync serves the inline assistant for a minute rather than wait on Vapi again.
    const logs = expectErrorLogs();
    fake.vapi.failWith = 500;
    try {
      await request(app).get('/api/voice/config').expect(200);
    } finally {
      fake.vapi.failWith = undefined;
    }
    expect(logs.map((entry) => entry.msg)).toContain('vapi assistant sync failed');
    const { user, cookie, session } = await openSession(app);
    await createWebCall(app, cookie, session.id).expect(201);
    const body = webCallsAtVapi()[0]?.body as Record<string, Record<string, unknown>>;
    expect(body.assistantId).toBeUndefined();
    expect(body.assistant).toMatchObject({
      model: { provider: 'openai', model: 'gpt-4o' },
      voice: { voiceId: 'jennifer' },
      maxDurationSeconds: 900,
    });
    expect(body.assistantOverrides).toEqual({
      maxDurationSeconds: 900,
      metadata: { voiceSessionId: session.id, userId: user.id },
      monitorPlan: { controlEnabled: true },
    });
  });

  it('answers 401 without the verified cookie, 403 for another user, 404 for an unknown session', async () => {
    const { app, session } = await openSession();
    const { cookie: otherCookie } = await insertSubscriber(ctx.database.db, () => clock);

    const anonymous = await createWebCall(app, null, session.id).expect(401);
    expect(anonymous.body.message).toMatch(/verify/i);
    expect((await createWebCall(app, otherCookie, session.id).expect(403)).body.message).toMatch(
      /subscription/,
    );
    await createWebCall(app, otherCookie, '00000000-0000-4000-8000-000000000000').expect(404);
    await request(app).post('/api/vapi/call/web').set('Cookie', otherCookie).send({}).expect(400);
    expect(webCallsAtVapi()).toHaveLength(0);
  });

  it('gives a session one call: a second request, an ended session or a used-up maximum get 409', async () => {
    const { app, cookie, session } = await openSession();
    const [first, second] = await Promise.all([
      createWebCall(app, cookie, session.id),
      createWebCall(app, cookie, session.id),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect((first.status === 409 ? first : second).body.message).toMatch(/already has a call/);
    expect(webCallsAtVapi()).toHaveLength(1);

    const ended = await openSession();
    clock = secondsAfter(30);
    // A Vapi session that never got its call talked to nobody: it bills nothing.
    const closed = await endVoiceSession(ended.app, ended.cookie, ended.session.id, clock).expect(200);
    expect(closed.body.billedMinutes).toBe(0);
    expect((await createWebCall(ended.app, ended.cookie, ended.session.id).expect(409)).body.message).toMatch(
      /ended/,
    );

    const late = await openSession(fake.rebuild(), 99); // one minute left
    clock = secondsAfter(55);
    await createWebCall(late.app, late.cookie, late.session.id).expect(409);
    expect(webCallsAtVapi()).toHaveLength(0);
  });

  it('answers 502 when Vapi refuses and 503 when it cannot be reached; the session may try again', async () => {
    const { app, cookie, session, user } = await openSession();
    expectErrorLogs();
    try {
      await request(app).get('/api/voice/config').expect(200); // the assistant is stored first
      fake.vapi.failWith = 400;
      expect((await createWebCall(app, cookie, session.id).expect(502)).body.message).toMatch(
        /voice service/,
      );
      fake.vapi.failWith = undefined;
      const unreachable = fake.rebuild({ VAPI_API_BASE: 'http://127.0.0.1:9' });
      expect((await createWebCall(unreachable, cookie, session.id).expect(503)).body).toMatchObject({
        message: expect.stringMatching(/could not be reached/),
        code: 'unavailable',
      });
    } finally {
      fake.vapi.failWith = undefined;
    }
    expect((await storedSession(session.id)).vapiCallId).toBeNull();
    await createWebCall(app, cookie, session.id).expect(201);
    expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(0);
  });

  it('is not there for browser voice', async () => {
    const { app, cookie, session } = await openSession(ctx.app);
    expect((await createWebCall(app, cookie, session.id).expect(503)).body.message).toMatch(/not configured/);
  });

  it('ends a call that Vapi created after the visitor had already ended the session', async () => {
    const { app, cookie, session, user } = await openSession(fake.rebuild({ VAPI_WEBHOOK_SECRET: '' }));
    await request(app).get('/api/voice/config').expect(200);
    fake.vapi.callDelayMs = 300;
    try {
      const creating = createWebCall(app, cookie, session.id).then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 100));
      clock = secondsAfter(20);
      const ended = await endVoiceSession(app, cookie, session.id, clock).expect(200);
      expect(ended.body.billedMinutes).toBe(1); // the server's 20 s
      const late = await creating;
      expect(late.status).toBe(409);
    } finally {
      fake.vapi.callDelayMs = 0;
    }
    const [call] = [...fake.vapi.calls.values()].filter((c) => {
      const overrides = c.request.assistantOverrides as { metadata?: { voiceSessionId?: string } };
      return overrides.metadata?.voiceSessionId === session.id;
    });
    expect(call?.controls).toEqual([{ type: 'end-call' }]);
    expect((await storedSession(session.id)).vapiCallId).toBe(call?.id);
    expect((await findUser(ctx.database.db, user.email)).voiceMinutesUsed).toBe(1);
  });
});
