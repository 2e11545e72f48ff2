import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../shared/chat';
import { useTestApp } from '../helpers/test-app';
import { chatApi } from '../helpers/conversations-sse';

// GET /api/conversations: a browser's own conversations (its browser-key cookie), for its
// switcher between chats; never another browser's, and nothing without a key.

describe('GET /api/conversations', () => {
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
  const { createConversation, send, cookieOf } = chatApi(() => ctx.app);
  const list = async (cookie?: string) => {
    const req = request(ctx.app).get('/api/conversations');
    const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res;
  };
  /** A second conversation started by the browser that started `id`. */
  const startAnother = async (id: string) =>
    (await request(ctx.app).post('/api/conversations').set('Cookie', cookieOf(id)).expect(201)).body
      .id as string;

  it("lists only this browser's conversations with messages, latest activity first", async () => {
    const first = await createConversation();
    const cookie = cookieOf(first);
    const second = await startAnother(first);
    const empty = await startAnother(first);
    await send(first, 'Where are you based?').expect(200);
    const say = (content: string) =>
      request(ctx.app).post(`/api/conversations/${second}/messages`).set('Cookie', cookie).send({ content });
    await say('What are your rates?').expect(200);
    await say('And for a week?').expect(200);
    // Someone else's conversation, in the same database.
    const stranger = await createConversation();
    await send(stranger, 'A question from another browser').expect(200);

    const summaries = (await list(cookie)).body as ConversationSummary[];
    expect(summaries.map((s) => s.id)).toEqual([second, first]);
    expect(summaries.map((s) => s.id)).not.toContain(empty);
    expect(summaries[0]).toEqual({
      id: second,
      title: 'What are your rates?',
      createdAt: expect.any(String),
      lastMessageAt: expect.any(String),
      messageCount: 4,
    });
    expect(Date.parse(summaries[0]!.lastMessageAt)).toBeGreaterThanOrEqual(
      Date.parse(summaries[0]!.createdAt),
    );

    // Activity moves a conversation to the top.
    await send(first, 'Do you work remotely?').expect(200);
    expect(((await list(cookie)).body as ConversationSummary[]).map((s) => s.id)).toEqual([first, second]);
    // The other browser sees only its own.
    expect(((await list(cookieOf(stranger))).body as ConversationSummary[]).map((s) => s.id)).toEqual([
      stranger,
    ]);
  });

  it('answers an empty list, and issues no key, to a browser without one or with a forged one', async () => {
    const id = await createConversation();
    await send(id, 'Hello').expect(200);
    for (const cookie of [undefined, `browser_key=${'s'.repeat(43)}`, 'browser_key=forged']) {
      const res = await list(cookie);
      expect(res.body).toEqual([]);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('titles a conversation by its first visitor message, on one line and cut to 80 characters', async () => {
    const id = await createConversation();
    const long = `Tell me\n\nabout ${'your projects '.repeat(10)}`;
    await send(id, long).expect(200);
    const [summary] = (await list(cookieOf(id))).body as ConversationSummary[];
    expect(summary!.title).toHaveLength(80);
    expect(summary!.title.startsWith('Tell me about your projects your')).toBe(true);
    expect(summary!.title.endsWith('…')).toBe(true);
  });

  it('drops a deleted conversation from the list', async () => {
    const id = await createConversation();
    await send(id, 'Hello').expect(200);
    await request(ctx.app).delete(`/api/conversations/${id}`).set('Cookie', cookieOf(id)).expect(204);
    expect((await list(cookieOf(id))).body).toEqual([]);
  });
});
