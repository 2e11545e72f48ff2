import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { ChatModel, ChatTurn } from '../../server/services/clone/chat-model';
import { MODEL_UNAVAILABLE_NOTICE } from '../../server/services/clone/fallback-chat-model';
import { readSessionMetadata } from '../../server/services/voice/session-metadata';
import { sweepVoiceSessions } from '../../server/services/voice/sweep-voice-sessions';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { expectErrorLogs } from '../helpers/log-recorder';
import { useTestApp } from '../helpers/test-app';
import {
  endVoiceSession,
  findSession,
  findUser,
  insertSubscriber,
  listSessions,
  secondsAfter,
  startVoiceSession,
  TEST_SESSION_SECRET,
  type UserOverrides,
  VOICE_T0,
} from '../helpers/voice';

// Sessions left open (closed on the next start or by the sweep) and browser-voice turns
// (POST /api/voice-sessions/:id/turns), on a controllable clock.

let clock = VOICE_T0;

describe('stale sessions and browser-voice turns', () => {
  const ctx = useTestApp({ env: { SESSION_SECRET: TEST_SESSION_SECRET }, now: () => clock });
  const db = () => ctx.database.db;

  const subscriber = (overrides: UserOverrides = {}) => {
    clock = VOICE_T0;
    return insertSubscriber(db(), () => clock, overrides);
  };

  it('closes a session left open after its maximum on the next start, billing what the server saw', async () => {
    const { user, cookie } = await subscriber({ used: 97 });
    const abandoned = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body; // 180 s
    clock = secondsAfter(40);
    await request(ctx.app)
      .post(`/api/voice-sessions/${abandoned.id}/turns`)
      .set('Cookie', cookie)
      .send({ text: 'Hello?' })
      .expect(200);

    clock = secondsAfter(180 + 61);
    const next = await startVoiceSession(ctx.app, cookie, user.id).expect(201);
    const [closed] = (await listSessions(db(), user.id)).filter((row) => row.id === abandoned.id);
    expect(closed).toMatchObject({ status: 'ended', billedSeconds: 40, billedMinutes: 1 });
    // Its page went silent after the turn: it ended then (no heartbeat came).
    expect(closed?.endedAt?.toISOString()).toBe(secondsAfter(40).toISOString());
    expect((await findUser(db(), user.email)).voiceMinutesUsed).toBe(98);
    expect(next.body.maxDurationSeconds).toBe(120);
  });

  it('closes sessions left open in the periodic sweep', async () => {
    const { user, cookie } = await subscriber({ used: 99 });
    const open = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
    clock = secondsAfter(30);
    expect(await sweepVoiceSessions(ctx.deps)).toBe(0);
    clock = secondsAfter(60 + 61);
    expect(await sweepVoiceSessions(ctx.deps)).toBe(1);
    // No turn was ever answered: nothing to bill.
    expect(await findSession(db(), open.id)).toMatchObject({ status: 'ended', billedMinutes: 0 });
    expect(await sweepVoiceSessions(ctx.deps)).toBe(0);
  });

  describe('browser-voice turns', () => {
    function recordingModel() {
      const histories: ChatTurn[][] = [];
      const model: ChatModel = {
        name: 'recording',
        async *streamReply(history) {
          histories.push(history);
          yield '**Sure.** I build ';
          yield '[RAG systems](https://example.com) for enterprises.';
        },
      };
      return { histories, app: createApp({ ...ctx.deps, chatModel: model }) };
    }

    it("answers with the clone's reply as speakable text and keeps the thread", async () => {
      const { histories, app } = recordingModel();
      const { user, cookie } = await subscriber();
      const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body;
      const first = await request(app)
        .post(`/api/voice-sessions/${session.id}/turns`)
        .set('Cookie', cookie)
        .send({ text: 'What do you build?' })
        .expect(200);
      expect(first.body).toEqual({ reply: 'Sure. I build RAG systems for enterprises.' });
      await request(app)
        .post(`/api/voice-sessions/${session.id}/turns`)
        .set('Cookie', cookie)
        .send({ text: 'Tell me more' })
        .expect(200);
      expect(histories[1]).toEqual([
        { role: 'user', content: 'What do you build?' },
        { role: 'assistant', content: 'Sure. I build RAG systems for enterprises.' },
        { role: 'user', content: 'Tell me more' },
      ]);
    });

    it('answers with the offline clone by default', async () => {
      const { user, cookie } = await subscriber();
      const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
      const res = await request(ctx.app)
        .post(`/api/voice-sessions/${session.id}/turns`)
        .set('Cookie', cookie)
        .send({ text: 'What kind of projects do you work on?' })
        .expect(200);
      expect(res.body.reply.length).toBeGreaterThan(20);
      expect(res.body.reply.length).toBeLessThanOrEqual(450);
      expect(res.body.reply).not.toMatch(/\*\*|\]\(/);
    });

    it('limits turns per minute like chat messages', async () => {
      const app = ctx.rebuild({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1' } });
      const { user, cookie } = await subscriber();
      const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body;
      const turn = () =>
        request(app)
          .post(`/api/voice-sessions/${session.id}/turns`)
          .set('Cookie', cookie)
          .send({ text: 'Hi' });
      await turn().expect(200);
      expect((await turn().expect(429)).body.message).toMatch(/wait a moment/);
    });

    it('refuses turns of an ended call, past the maximum, empty ones and unknown sessions', async () => {
      const { user, cookie } = await subscriber({ used: 99 });
      const session = (await startVoiceSession(ctx.app, cookie, user.id).expect(201)).body;
      const turn = (id: string, text = 'Hello') =>
        request(ctx.app).post(`/api/voice-sessions/${id}/turns`).set('Cookie', cookie).send({ text });
      expect((await turn(session.id, '   ').expect(400)).body.message).toEqual(expect.any(String));
      clock = secondsAfter(75);
      expect((await turn(session.id).expect(409)).body.message).toBe('This call has reached its time limit.');
      await endVoiceSession(ctx.app, cookie, session.id, clock).expect(200);
      expect((await turn(session.id).expect(409)).body.message).toBe('This call has ended.');
      await turn('6f1c1f39-2b5e-4bb4-9d0a-2f2f4c1d9a10').expect(404);
    });

    describe('with the model failing before its first token', () => {
      let fake: FakeOpenAiServer;
      beforeAll(async () => {
        fake = await startFakeOpenAiServer();
      });
      afterAll(async () => {
        await fake?.close();
      });

      it('answers from the notes, saying so in a spoken sentence, and keeps the thread', async () => {
        expectErrorLogs(); // the model's failure is logged as an error
        fake.reset();
        fake.setDefault({ kind: 'error', status: 500 });
        const app = ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } });
        const { user, cookie } = await subscriber();
        const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body;
        const res = await request(app)
          .post(`/api/voice-sessions/${session.id}/turns`)
          .set('Cookie', cookie)
          .send({ text: 'What kind of projects do you work on?' })
          .expect(200);
        const reply = res.body.reply as string;
        expect(reply.startsWith(`${MODEL_UNAVAILABLE_NOTICE} `)).toBe(true);
        expect(reply.length).toBeGreaterThan(MODEL_UNAVAILABLE_NOTICE.length + 20);
        expect(reply.length).toBeLessThanOrEqual(450);
        expect(reply).not.toMatch(/\*|\]\(/);
        expect(fake.requests).toHaveLength(1);
        const { turns } = readSessionMetadata(await findSession(db(), session.id));
        expect(turns?.map((turn) => turn.role)).toEqual(['user', 'assistant']);
        expect(turns?.[1]?.content).toBe(reply);
      });
    });
  });
});
