import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BREAKER_FAILURE_THRESHOLD } from '../../server/services/clone/circuit-breaker';
import { getBudgetDay } from '../../server/services/clone/token-budget';
import { getTokensSpent } from '../../server/storage/llm-usage';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { chatApi } from '../helpers/conversations-sse';
import { expectErrorLogs } from '../helpers/log-recorder';
import { expectNotesReply } from '../helpers/model-fallback';
import { useTestApp } from '../helpers/test-app';

// A model server closes keep-alive connections left idle (5 s is Node's default, and common
// behind proxies); a client that reuses one just as it is closed loses the request before any of
// the reply. Such a request is sent again, once, on a fresh connection, so no visitor pays for it.

const CHATS = 50;
const IDLE_TIMEOUT_MS = 300;
/** Each answered model call costs this much: the budget must count each reply once. */
const USAGE = { prompt_tokens: 100, completion_tokens: 10 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('model connections closed while idle', () => {
  let fake: FakeOpenAiServer;
  let server: http.Server;
  beforeAll(async () => {
    // Untimed: every request on a connection idle 300 ms or more meets it closed, as a client
    // whose event loop runs behind under load meets a server's idle timeout.
    fake = await startFakeOpenAiServer({ idleClose: { idleTimeoutMs: IDLE_TIMEOUT_MS, isTimed: false } });
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await fake?.close();
  });
  const ctx = useTestApp({
    env: { CHAT_RATE_LIMIT_PER_MINUTE: '100000', CONVERSATION_RATE_LIMIT_PER_HOUR: '100000' },
  });
  beforeEach(async () => {
    fake.reset();
    fake.setDefault({ kind: 'reply', text: FAKE_REPLY, usage: USAGE });
    server?.closeAllConnections();
    server?.close();
    server = http.createServer(
      ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { createConversation, send, listMessages } = chatApi(base);
  /** What a chat got for `content`: the status, and the reply's text when there is one. */
  const replyIn = async (id: string, content: string) => {
    const res = await send(id, content);
    return { status: res.status, reply: res.body.assistantMessage?.content as string | undefined };
  };
  const askAll = (ids: string[], content: string) => Promise.all(ids.map((id) => replyIn(id, content)));

  it(
    `answers every one of ${CHATS} concurrent chats with the model's reply after the connections idled`,
    { timeout: 120_000 },
    async () => {
      const chats = await Promise.all(Array.from({ length: CHATS }, () => createConversation()));
      // The connections the first wave opens (and frees as its replies end) are found closed by
      // the requests that come after an idle pause, in this wave and the next.
      const first = await askAll(chats, 'What do you build?');
      await sleep(IDLE_TIMEOUT_MS + 100);
      const second = await askAll(chats, 'And how do you work?');
      expect(fake.droppedRequests).toBeGreaterThan(0);
      const unanswered = [...first, ...second].filter((answer) => answer.reply !== FAKE_REPLY);
      expect(unanswered).toEqual([]);

      // One model reply a message, stored once, billed once; the breaker stayed closed.
      expect(fake.requests).toHaveLength(2 * CHATS);
      const perCall = USAGE.prompt_tokens + USAGE.completion_tokens;
      const day = getBudgetDay(new Date());
      await expect.poll(() => getTokensSpent(ctx.database.db, day)).toBe(2 * CHATS * perCall);
      const messages = await listMessages(chats[0]!);
      expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect((await replyIn(chats[0]!, 'One more?')).reply).toBe(FAKE_REPLY);
    },
  );
});

describe('a model whose connections keep failing', () => {
  beforeEach(() => void expectErrorLogs());
  afterEach(() => {
    const errors = expectErrorLogs().filter((entry) => entry.level === 'error');
    expect(errors.map((entry) => entry.msg).filter((msg) => msg !== 'chat model request failed')).toEqual([]);
  });
  // Accepts connections and resets each as soon as a request arrives on it.
  let connections = 0;
  const resetting = net.createServer((socket) => {
    connections++;
    socket.once('data', () => socket.resetAndDestroy());
  });
  beforeAll(() => new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise((resolve) => resetting.close(resolve)));
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });

  it('tries a fresh connection once a message, then counts the failure towards the breaker', async () => {
    const url = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}/v1`;
    const app = ctx.rebuild({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url } });
    const { createConversation, send } = chatApi(() => app);
    const id = await createConversation();
    const sendExpectingNotes = async (content: string) =>
      expectNotesReply((await send(id, content).expect(200)).body.assistantMessage.content);
    for (let i = 0; i < BREAKER_FAILURE_THRESHOLD; i++) await sendExpectingNotes(`Attempt ${i}`);
    expect(connections).toBe(2 * BREAKER_FAILURE_THRESHOLD);
    await sendExpectingNotes('Open now?');
    expect(connections).toBe(2 * BREAKER_FAILURE_THRESHOLD);
  });
});
