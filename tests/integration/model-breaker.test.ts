import type { Express } from 'express';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { BREAKER_COOL_DOWN_MS, BREAKER_FAILURE_THRESHOLD } from '../../server/services/clone/circuit-breaker';
import { BREAKER_OPEN_MESSAGE } from '../../server/services/clone/guarded-chat-model';
import { getOpenAiClientOptions } from '../../server/services/clone/openai-chat-model';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { expectErrorLogs } from '../helpers/log-recorder';
import { testEnv, useTestApp } from '../helpers/test-app';
import { chatApi } from '../helpers/conversations-sse';

// The model's failures cost little: one upstream attempt per message, a bounded wait, and after
// repeated failures no upstream call at all until a trial shows the model is back.

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

  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' }, now: () => clock });
  const openAiApp = (env: Record<string, string> = {}) =>
    ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, ...env } });
  let app: Express;
  beforeEach(() => {
    fake.reset();
    clock = T0;
    app = openAiApp();
  });
  const { createConversation, send, listMessages } = chatApi(() => app);

  const failRepeatedly = async (id: string) => {
    fake.setDefault({ kind: 'error', status: 500 });
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) await send(id, `Attempt ${i}`).expect(502);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
  };

  it('opens after repeated failures and answers 503 without calling the model', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    const res = await send(id, 'Still there?').expect(503);
    expect(res.body.message).toBe(BREAKER_OPEN_MESSAGE);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);
    expect((await listMessages(id)).some((m) => m.content === 'Still there?')).toBe(false);
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

  it('after the cool-down lets one trial through, and closes when it succeeds', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    advance(BREAKER_COOL_DOWN_MS - 1_000);
    await send(id, 'Too early').expect(503);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD);

    advance(1_000);
    // The trial is slow; a message meanwhile is still refused without a call.
    fake.setDefault({ kind: 'reply', text: FAKE_REPLY, firstChunkDelayMs: 300 });
    const trial = send(id, 'Trial').then((res) => res);
    await expect.poll(() => fake.requests.length).toBe(BREAKER_FAILURE_THRESHOLD + 1);
    await send(id, 'Meanwhile').expect(503);
    expect((await trial).status).toBe(200);

    await send(id, 'Closed again').expect(200);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 2);
  });

  it('opens again at once when the trial fails', async () => {
    const id = await createConversation();
    await failRepeatedly(id);
    advance(BREAKER_COOL_DOWN_MS);
    await send(id, 'Trial').expect(502);
    await send(id, 'Right after').expect(503);
    expect(fake.requests).toHaveLength(BREAKER_FAILURE_THRESHOLD + 1);
  });

  it('answers 504 after a single attempt when the model hangs', async () => {
    const impatient = openAiApp({ OPENAI_TIMEOUT_MS: '200' });
    fake.setDefault({ kind: 'hang' });
    const id = await createConversation(impatient);
    const res = await send(id, 'Hello?', impatient).expect(504);
    expect(res.body.message).toBe('The AI clone took too long to answer. Please try again.');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits 30 s at most, without retries, and accepts no longer wait', () => {
    const env = testEnv();
    expect(env.OPENAI_TIMEOUT_MS).toBe(30_000);
    expect(parseEnv({ OPENAI_TIMEOUT_MS: '31000' }).ok).toBe(false);
    const options = getOpenAiClientOptions({ apiKey: 'sk-test', timeoutMs: env.OPENAI_TIMEOUT_MS });
    expect(options).toMatchObject({ timeout: 30_000, maxRetries: 0 });
  });
});
