import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, llmUsage } from '../../shared/schema';
import { logger } from '../../server/lib/logger';
import { MODEL_UNAVAILABLE_NOTICE } from '../../server/services/clone/fallback-chat-model';
import { recordTokensSpent } from '../../server/services/clone/token-budget';
import { OWNER_ADDRESS } from '../../server/services/mail/mail-delivery';
import { addTokensSpent } from '../../server/storage/llm-usage';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server';
import { testEnv, useTestApp } from '../helpers/test-app';
import { chatApi, joinDeltas, parseChatStream } from '../helpers/conversations-sse';
import { expectNotesReply } from '../helpers/model-fallback';
import { insertSubscriber, startVoiceSession, TEST_SESSION_SECRET } from '../helpers/voice';

// The daily token budget: counted from the usage the API reports (or estimated), shared by all
// instances through the database, a warning to the owner at 80%, and once it is spent no upstream
// call: the offline clone answers from the owner's notes instead, saying so.

const DAY_ONE = new Date('2026-06-01T10:00:00Z');
let clock = DAY_ONE;

describe('the daily token budget of the model', () => {
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
    ctx.rebuild({
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: fake.url,
        LLM_DAILY_TOKEN_BUDGET: '1000',
        OWNER_EMAIL: 'owner@example.com',
        ...env,
      },
    });
  let app: Express;
  beforeEach(() => {
    fake.reset();
    clock = DAY_ONE;
    app = openAiApp();
  });
  afterEach(() => vi.restoreAllMocks());

  const { createConversation, send, stream, listMessages, cookieOf } = chatApi(() => app);
  const tokensOn = async (day: string) =>
    (await ctx.database.db.select().from(llmUsage).where(eq(llmUsage.day, day)))[0];
  const warnings = () =>
    ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'llm-budget-warning'));
  const costing = (prompt_tokens: number, completion_tokens: number) =>
    ({ kind: 'reply', text: FAKE_REPLY, usage: { prompt_tokens, completion_tokens } }) as const;

  it('asks for usage and counts the tokens the API reports, per UTC day', async () => {
    fake.enqueue(costing(120, 30));
    await send(await createConversation(), 'What are your rates?').expect(200);
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
    expect(await tokensOn('2026-06-01')).toMatchObject({ tokens: 150, warnedAt: null });
  });

  it('estimates the tokens when the API reports none', async () => {
    fake.enqueue({ kind: 'reply', text: FAKE_REPLY, usage: null });
    await send(await createConversation(), 'What are your rates?').expect(200);
    const prompt = fake.requests[0]!.body.messages!.map((m) => m.content).join('\n');
    const estimate = Math.ceil((prompt.length + FAKE_REPLY.length) / 4);
    expect((await tokensOn('2026-06-01'))?.tokens).toBe(estimate);
  });

  it('warns the owner once at 80%, then answers from the notes without calling the model once it is spent', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const budgetWarnings = () =>
      warn.mock.calls.filter(([message]) => message.startsWith('model token budget'));
    const id = await createConversation();
    fake.enqueue(costing(500, 200));
    await send(id, 'First question').expect(200);
    expect(await warnings()).toHaveLength(0);
    expect(budgetWarnings()).toEqual([]);

    fake.enqueue(costing(100, 50));
    await send(id, 'Second question').expect(200);
    // The owner is warned twice: in the log, and by e-mail.
    expect(budgetWarnings()).toEqual([
      [
        'model token budget 80% spent; the owner is e-mailed',
        { day: '2026-06-01', total: 850, budget: 1000 },
      ],
    ]);
    const [warning] = await warnings();
    expect(warning).toMatchObject({ toAddress: 'owner@example.com' });
    expect(warning!.subject).toMatch(/85% of today's model budget/);
    expect(warning!.body).toContain('850 of its 1,000 model tokens for 2026-06-01');

    fake.enqueue(costing(100, 100));
    await send(id, 'Third question').expect(200);
    expect(await warnings()).toHaveLength(1);
    expect((await tokensOn('2026-06-01'))?.tokens).toBe(1050);
    expect(budgetWarnings().map(([message]) => message)).toEqual([
      'model token budget 80% spent; the owner is e-mailed',
      'model token budget spent: the offline clone answers until the next UTC day',
    ]);

    const requestsBefore = fake.requests.length;
    const answered = await send(id, 'Fourth question').expect(200);
    expectNotesReply(answered.body.assistantMessage.content);
    // The streamed form gets the same, and each reply is stored once.
    const events = parseChatStream((await stream(id, 'Fifth question').expect(200)).text);
    expect(events.at(-1)!.event).toBe('done');
    expectNotesReply(joinDeltas(events));
    expect(fake.requests).toHaveLength(requestsBefore);
    expect((await tokensOn('2026-06-01'))?.tokens).toBe(1050);
    const roles = (await listMessages(id)).map((m) => m.role);
    expect(roles).toEqual(Array.from({ length: 5 }, () => ['user', 'assistant']).flat());
  });

  it('is shared by every instance on the database, and starts again the next UTC day', async () => {
    fake.enqueue(costing(900, 100));
    await send(await createConversation(), 'Use it all').expect(200);
    const other = openAiApp();
    const spent = await send(await createConversation(other), 'Anything left?', other).expect(200);
    expectNotesReply(spent.body.assistantMessage.content);
    expect(fake.requests).toHaveLength(1);

    clock = new Date('2026-06-02T00:00:01Z');
    const res = await send(await createConversation(other), 'A new day', other).expect(200);
    expect(res.body.assistantMessage.content).toBe(FAKE_REPLY);
  });

  it('answers a browser-voice turn past the budget from the notes, spoken, without calling the model', async () => {
    await ctx.database.db.insert(llmUsage).values({ day: '2026-06-01', tokens: 1000 });
    const { user, cookie } = await insertSubscriber(ctx.database.db, () => clock);
    const session = (await startVoiceSession(app, cookie, user.id).expect(201)).body as { id: string };
    const res = await request(app)
      .post(`/api/voice-sessions/${session.id}/turns`)
      .set('Cookie', cookie)
      .send({ text: 'What kind of projects do you work on?' })
      .expect(200);
    const reply = res.body.reply as string;
    expect(reply.startsWith(`${MODEL_UNAVAILABLE_NOTICE} `)).toBe(true);
    expect(reply.length).toBeGreaterThan(MODEL_UNAVAILABLE_NOTICE.length + 20);
    expect(reply).not.toMatch(/\*|\]\(/);
    expect(fake.requests).toHaveLength(0);
  });

  it('regenerates a reply past the budget from the notes, replacing the old one, without calling the model', async () => {
    const id = await createConversation();
    await send(id, 'What are your rates?').expect(200);
    await addTokensSpent(ctx.database.db, '2026-06-01', 1000);
    const requestsBefore = fake.requests.length;
    const res = await request(app)
      .post(`/api/conversations/${id}/regenerate`)
      .set('Cookie', cookieOf(id))
      .set('Accept', 'text/event-stream')
      .expect(200);
    const events = parseChatStream(res.text);
    expectNotesReply(joinDeltas(events));
    expect(fake.requests).toHaveLength(requestsBefore);
    const messages = await listMessages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expectNotesReply(messages[1]!.content);
  });

  it('has no ceiling at 0, and does not limit the offline clone, which costs nothing', async () => {
    await ctx.database.db.insert(llmUsage).values({ day: '2026-06-01', tokens: 5_000_000 });
    const unlimited = openAiApp({ LLM_DAILY_TOKEN_BUDGET: '0' });
    await send(await createConversation(unlimited), 'Hello', unlimited).expect(200);
    expect(fake.requests).toHaveLength(1);

    const offline = ctx.rebuild({ env: { LLM_DAILY_TOKEN_BUDGET: '1' } });
    const events = parseChatStream(
      (await stream(await createConversation(offline), 'Hi', offline).expect(200)).text,
    );
    expect(events.at(-1)?.event).toBe('done');
  });

  it('sends the warning once a day even when instances race past 80%', async () => {
    const deps = (budget: string) => ({
      db: ctx.database.db,
      now: () => clock,
      env: testEnv({ LLM_DAILY_TOKEN_BUDGET: budget }),
      mail: { flush: async () => {} },
    });
    // Two instances (the same budget read twice), twenty calls at once, each 5% of the budget.
    const instances = [deps('1000'), deps('1000')];
    await Promise.all(Array.from({ length: 20 }, (_, i) => recordTokensSpent(instances[i % 2]!, 50)));
    expect((await tokensOn('2026-06-01'))?.tokens).toBe(1000);
    const sent = await warnings();
    expect(sent).toHaveLength(1);
    // Without OWNER_EMAIL the warning waits in the outbox for the owner's address.
    expect(sent[0]!.toAddress).toBe(OWNER_ADDRESS);
  });
});
