import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { BREAKER_COOL_DOWN_MS, BREAKER_FAILURE_THRESHOLD } from '../../server/services/clone/circuit-breaker';
import { MODEL_UNAVAILABLE_NOTICE } from '../../server/services/clone/fallback-chat-model';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { expectErrorLogs } from '../helpers/log-recorder';
import { expectNotesReply } from '../helpers/model-fallback';
import { testEnv, useTestApp } from '../helpers/test-app';
import { chatApi, joinDeltas, parseChatStream } from '../helpers/conversations-sse';
import { insertSubscriber, startVoiceSession, TEST_SESSION_SECRET } from '../helpers/voice';

// The model's failures cost little: one upstream attempt per message, a bounded wait, and after
// repeated failures no upstream call at all until a trial shows the model is back. Meanwhile the
// offline clone answers from the owner's notes, saying so.

const T0 = new Date('2026-06-01T10:00:00Z');
let clock = T0;
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe('the model failing or hanging', () => {
  // Every upstream failure is logged as an error on purpose; nothing else may be.
  beforeEach(() => void expectErrorLogs());
  afterEach(() => {
    const errors = expectErrorLogs().filter((entry) => entry.level === 'error');
    expect(errors.map((entry) => entry.msg).filter((msg) => msg !== 'chat model request failed')).toEqual([]);
  });
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake?.close();
  });

  const ctx = useTestApp({
    env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000', SESSION_SECRET: TEST_SESSION_SECRET },
    now: () => clock,
  });
  const openAiApp = (env: Record<string, string> = {}) =>
    ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ...env } });
  let app: Express;
  beforeEach(() => {
    fake.reset();
    clock = T0;
    app = openAiApp();
  });
  const { createConversation, send, stream, listMessages, cookieOf } = chatApi(() => app);
  /** Sends a message and expects the offline clone's answer in the model's place. */
  const sendForNotes = async (id: string, content: string) =>
    expectNotesReply((await send(id, content).expect(200)).body.assistantMessage.content);

  const failRepeatedly = async (id: string) => {
    fake.setDefault({ kind: 'error', status: 500 });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) await sendForNotes(id, `Attempt ${i}`);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
  };

  it('opens after repeated failures; the offline clone answers without calling the model', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    const question = 'Where are you based?';
    const res = await send(id, question).expect(200);
    const reply = res.body.assistantMessage.content as string;
    expectNotesReply(reply);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);

    // The same answer the offline clone gives on a site without a model, after the notice.
    const offline = ctx.rebuild({ env: {} });
    const plain = await send(await createConversation(offline), question, offline).expect(200);
    expect(reply.endsWith(plain.body.assistantMessage.content as string)).toBe(true);

    // Streamed the same way, and stored once: one reply to each visitor message.
    const events = parseChatStream((await stream(id, 'Still there?').expect(200)).text);
    expect(events[0]!.event).toBe('user');
    expect(events.at(-1)!.event).toBe('done');
    expectNotesReply(joinDeltas(events));
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
    const roles = (await listMessages(id)).map((m) => m.role);
    expect(roles).toEqual(
      Array.from({ length: BREAKER_FAILURE_THRESHOLD + 2 }, () => ['user', 'assistant']).flat(),
    );
  });

  it('regenerates and answers voice turns from the notes while open, without calling the model', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    const before = await listMessages(id);
    const regenerated = await request(app)
      .post(`/api/conversations/${id}/regenerate`)
      .set('Cookie', cookieOf(id))
      .expect(200);
    expectNotesReply(regenerated.body.assistantMessage.content);
    const after = await listMessages(id);
    expect(after.map((m) => m.role)).toEqual(before.map((m) => m.role));
    expect(after.at(-1)!.id).not.toBe(before.at(-1)!.id);

    const { user, cookie } = await insertSubscriber(ctx.database.db, () => clock);
    const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body as { id: string };
    const turn = await request(app)
      .post(`/api/voice-sessions/${session.id}/turns`)
      .set('Cookie', cookie)
      .send({ text: 'Where are you based?' })
      .expect(200);
    expect((turn.body.reply as string).startsWith(`${MODEL_UNAVAILABLE_NOTICE} `)).toBe(true);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
  });

  it('counts only consecutive failures', async () => {
    const id = await createConversation();
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD - 1; i++) fake.enqueue({ kind: 'error', status: 500 });
    fake.enqueue({ kind: 'reply', text: FAKE_REPLY });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD - 1; i++) fake.enqueue({ kind: 'error', status: 500 });
    for (let i = 0; i < 2 * BREAKER_FAILURE_THRESHOLD - 1; i++) await send(id, `Message ${i}`);
    await send(id, 'One more').expect(200);
    expect(fake.requests).toHaveLength(2 * BREAKER_FAILURE_THRESHOLD);
  });

  it('does not count a request the model refused (a 4xx other than 408 and 429): the model is up', async () => {
    const id = await createConversation();
    fake.setDefault({ kind: 'error', status: 400 });
    for (let i = 0; i <= BREAKER_FAILURE_THRESHOLD; i++) await sendForNotes(id, `Refused ${i}`);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 1);
    fake.setDefault({ kind: 'reply', text: FAKE_REPLY });
    expect((await send(id, 'Answered?').expect(200)).body.assistantMessage.content).toBe(FAKE_REPLY);
  });

  it('after the cool-down lets one trial through, and closes when it succeeds', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    advance(BREAKER_COOL_DOWN_MS - 1_000);
    await sendForNotes(id, 'Too early');
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);

    advance(1_000);
    // The trial is slow; a message meanwhile is still refused without a call.
    fake.setDefault({ kind: 'reply', text: FAKE_REPLY, firstChunkDelayMs: 300 });
    const trial = send(id, 'Trial').then((res) => res);
    await expect.poll(() => fake.requests.length).toBe(BREAKER_FAILURE_THRESHOLD + 1);
    await sendForNotes(id, 'Meanwhile');
    expect((await trial).status).toBe(200);
    expect((await trial).body.assistantMessage.content).toBe(FAKE_REPLY);

    await send(id, 'Closed again').expect(200);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 2);
  });

  it('opens again at once when the trial fails', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    advance(BREAKER_COOL_DOWN_MS);
    await sendForNotes(id, 'Trial');
    await sendForNotes(id, 'Right after');
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 1);
  });

  it('answers from the notes after a single attempt when the model hangs', async () => {
    const impatient = openAiApp({ OPENAI_TIMEOUT_MS: '200' });
    fake.setDefault({ kind: 'hang' });
    const id = await createConversation(impatient);
    const res = await send(id, 'Hello?', impatient).expect(200);
    expectNotesReply(res.body.assistantMessage.content);
    expect(fake.requests).toHaveLength(1);
  });

  it('waits 30 s at most, and accepts no longer wait', () => {
    expect(testEnv().OPENAI_TIMEOUT_MS).toBe(30_000);
    expect(parseEnv({ OPENAI_TIMEOUT_MS: '31000' }).ok).toBe(false);
  });
});
