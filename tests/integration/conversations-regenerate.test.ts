import type { Express } from 'express';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat';
import { createApp } from '../../server/app';
import type { ChatModel } from '../../server/services/clone/chat-model';
import { createFallbackChatModel } from '../../server/services/clone/fallback-chat-model';
import { createGuardedChatModel } from '../../server/services/clone/guarded-chat-model';
import { DEFAULT_WORD_DELAY_MS } from '../../server/services/clone/offline-chat-model';
import { getBudgetDay } from '../../server/services/clone/token-budget';
import { NOTHING_TO_REGENERATE } from '../../server/services/chat/regenerate-reply';
import { addTokensSpent } from '../../server/storage/llm-usage';
import { insertMessage } from '../../server/storage/messages';
import { NOTES_OPENING } from '../helpers/model-fallback';
import { createScriptedChatModel } from '../helpers/scripted-chat-model';
import { useTestApp } from '../helpers/test-app';
import { chatApi, joinDeltas, parseChatStream, streamThenDisconnect } from '../helpers/conversations-sse';

// Regenerate: the clone's last reply of the visitor's own conversation is replaced by a new one,
// streamed, under the same rate limit and token budget as a message.

/** Answers "Reply 1.", "Reply 2.", ... in two deltas each, and remembers the histories it saw. */
function createCountingModel() {
  const histories: string[][] = [];
  const model: ChatModel = {
    name: 'counting',
    async *streamReply(history) {
      histories.push(history.map((turn) => `${turn.role}: ${turn.content}`));
      const reply = `Reply ${histories.length}.`;
      yield reply.slice(0, 3);
      yield reply.slice(3);
    },
  };
  return { model, histories };
}

describe('POST /api/conversations/:id/regenerate', () => {
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '3' } });
  let counting: ReturnType<typeof createCountingModel>;
  let app: Express;
  beforeEach(() => {
    counting = createCountingModel();
    app = createApp({ ...ctx.deps, chatModel: counting.model });
  });
  const { createConversation, send, listMessages, cookieOf } = chatApi(() => app);
  const regenerate = (id: string, cookie = cookieOf(id), target = app) =>
    request(target).post(`/api/conversations/${id}/regenerate`).set('Cookie', cookie);

  it('replaces the last reply with a new one from the same history (JSON)', async () => {
    const id = await createConversation();
    await send(id, 'Where are you based?').expect(200);
    const [question, old] = await listMessages(id);

    const res = await regenerate(id).expect(200);
    const replacement = res.body.assistantMessage as ChatMessage;
    expect(replacement).toMatchObject({ role: 'assistant', content: 'Reply 2.' });
    expect(replacement.id).not.toBe(old!.id);
    expect(await listMessages(id)).toEqual([question, replacement]);
    expect(counting.histories[1]).toEqual(['user: Where are you based?']);
  });

  it('streams the new reply as delta events, then done with the stored message', async () => {
    const id = await createConversation();
    await send(id, 'Hello').expect(200);
    const res = await regenerate(id).set('Accept', 'text/event-stream').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseChatStream(res.text);
    expect(joinDeltas(events)).toBe('Reply 2.');
    const done = events.at(-1)!;
    expect(done).toEqual({
      event: 'done',
      data: { message: expect.objectContaining({ content: 'Reply 2.' }), shouldShowContactForm: false },
    });
    expect((await listMessages(id)).map((m) => m.content)).toEqual(['Hello', 'Reply 2.']);
  });

  it("answers 409 when the last message is not the clone's, and changes nothing", async () => {
    const id = await createConversation();
    const empty = await regenerate(id).expect(409);
    expect(empty.body.message).toBe(NOTHING_TO_REGENERATE);

    await send(id, 'Hello').expect(200);
    // A visitor message whose reply failed: the last message is the visitor's.
    await insertMessage(ctx.database.db, { conversationId: id, role: 'user', content: 'Still there?' });
    const before = await listMessages(id);
    const res = await regenerate(id).set('Accept', 'text/event-stream').expect(409);
    expect(res.body.message).toBe(NOTHING_TO_REGENERATE);
    expect(await listMessages(id)).toEqual(before);
    expect(counting.histories).toHaveLength(1); // no model call for a refusal
  });

  it("answers 404 without the owner's browser key, and leaves the reply alone", async () => {
    const id = await createConversation();
    await send(id, 'Hello').expect(200);
    const before = await listMessages(id);
    await request(app).post(`/api/conversations/${id}/regenerate`).expect(404);
    const stranger = await regenerate(id, `browser_key=${'s'.repeat(43)}`).expect(404);
    expect(stranger.body.message).toBe('This conversation does not exist.');
    expect(await listMessages(id)).toEqual(before);
  });

  it('shares the per-minute message limit with sending', async () => {
    const id = await createConversation();
    await send(id, 'Hello').expect(200);
    await regenerate(id).expect(200);
    await regenerate(id).expect(200);
    const refused = await regenerate(id).expect(429);
    expect(refused.body.message).toBe(
      "You're sending messages too quickly. Please wait a minute and try again.",
    );
    expect((await listMessages(id)).at(-1)!.content).toBe('Reply 3.');
  });

  it('answers from the notes once the day’s token budget is spent, without calling the model', async () => {
    const now = () => new Date();
    const guarded = createGuardedChatModel(counting.model, {
      db: ctx.database.db,
      now,
      env: { LLM_DAILY_TOKEN_BUDGET: 1000, OWNER_EMAIL: 'owner@example.com' },
      mail: { flush: async () => {} },
    });
    const notes = createScriptedChatModel(() => true, 'From my notes.');
    const budgeted = createApp({ ...ctx.deps, chatModel: createFallbackChatModel(guarded, notes) });
    const id = await createConversation(budgeted);
    await send(id, 'Hello', budgeted).expect(200);
    await addTokensSpent(ctx.database.db, getBudgetDay(now()), 1000);

    const fromNotes = `${NOTES_OPENING}From my notes.`;
    const res = await regenerate(id, cookieOf(id), budgeted).expect(200);
    expect(res.body.assistantMessage.content).toBe(fromNotes);
    const streamed = await regenerate(id, cookieOf(id), budgeted)
      .set('Accept', 'text/event-stream')
      .expect(200);
    expect(joinDeltas(parseChatStream(streamed.text))).toBe(fromNotes);
    expect(counting.histories).toHaveLength(1);
    expect((await listMessages(id, budgeted)).map((m) => m.content)).toEqual(['Hello', fromNotes]);
  });
});

describe('stopped replies are stored as stopped', () => {
  // The offline clone streams word by word with pauses: long enough to leave in the middle.
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' }, wordDelayMs: DEFAULT_WORD_DELAY_MS });
  const { createConversation, send, listMessages, cookieOf } = chatApi(() => ctx.app);
  const question = () => ctx.content.profile.quickQuestions[0]!.question;

  it('marks a reply the visitor stopped, and only that one', async () => {
    const id = await createConversation();
    await streamThenDisconnect(ctx.app, id, question(), { deltas: 3, cookie: cookieOf(id) });
    await expect.poll(async () => (await listMessages(id)).length, { timeout: 5_000 }).toBe(2);
    const [asked, stopped] = await listMessages(id);
    expect(asked!.isStopped).toBeUndefined();
    expect(stopped).toMatchObject({ role: 'assistant', isStopped: true });

    const other = await createConversation();
    await send(other, question()).expect(200);
    expect((await listMessages(other)).map((m) => m.isStopped)).toEqual([undefined, undefined]);
  });

  it('replaces the old reply with the stopped part of a regenerated one', async () => {
    const id = await createConversation();
    await send(id, question()).expect(200);
    const [asked, full] = await listMessages(id);
    await streamThenDisconnect(ctx.app, id, '', { deltas: 3, cookie: cookieOf(id), action: 'regenerate' });
    await expect.poll(async () => (await listMessages(id))[1]?.id, { timeout: 5_000 }).not.toBe(full!.id);
    const messages = await listMessages(id);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toEqual(asked);
    expect(messages[1]).toMatchObject({ role: 'assistant', isStopped: true });
    expect(full!.content.startsWith(messages[1]!.content)).toBe(true);
    expect(messages[1]!.content.length).toBeLessThan(full!.content.length);
  });
});
