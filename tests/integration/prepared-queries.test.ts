import { afterEach, describe, expect, it, vi } from 'vitest';
import { insertConversation } from '../../server/storage/conversations';
import { getTokensSpent } from '../../server/storage/llm-usage';
import { getConversationHistory } from '../../server/storage/messages';
import { incrementHits } from '../../server/storage/rate-limit-hits';
import { messages } from '../../shared/schema';
import { chatApi } from '../helpers/conversations-sse';
import { spyOnStatementsSent } from '../helpers/statements-sent';
import { useTestApp } from '../helpers/test-app';

// The queries each chat message runs before its first token build their SQL once per database,
// and answer with each call's own values.

describe('queries built once', () => {
  const ctx = useTestApp();
  afterEach(() => vi.restoreAllMocks());

  it('reads each conversation history with its own id and limit', async () => {
    const db = ctx.database.db;
    const first = await insertConversation(db, 'key-1');
    const second = await insertConversation(db, 'key-2');
    for (const [i, content] of ['one', 'two', 'three'].entries()) {
      const timestamp = new Date(Date.UTC(2026, 0, 1, 10, i));
      await db.insert(messages).values({ conversationId: first.id, role: 'user', content, timestamp });
    }
    const select = vi.spyOn(db, 'select');
    const history = await getConversationHistory(db, first.id, 2);
    expect(history?.ownerKeyHash).toBe('key-1');
    expect(history?.messages.map((m) => m.content)).toEqual(['two', 'three']);
    expect(await getConversationHistory(db, second.id, 2)).toEqual({ ownerKeyHash: 'key-2', messages: [] });
    expect(await getConversationHistory(db, '00000000-0000-4000-8000-000000000000', 2)).toBeUndefined();
    expect(select.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it("reads the day's tokens and counts rate limit hits per key and window", async () => {
    const db = ctx.database.db;
    const [select, insert] = [vi.spyOn(db, 'select'), vi.spyOn(db, 'insert')];
    expect(await getTokensSpent(db, '2026-01-01')).toBe(0);
    expect(await getTokensSpent(db, '2026-01-02')).toBe(0);
    const now = new Date('2026-01-01T10:00:00Z');
    const window = { now, windowMs: 60_000 };
    expect((await incrementHits(db, 'a', window)).hits).toBe(1);
    expect(await incrementHits(db, 'a', window)).toEqual({
      hits: 2,
      resetAt: new Date('2026-01-01T10:01:00Z'),
    });
    expect((await incrementHits(db, 'b', window)).hits).toBe(1);
    // The window has ended: the count starts again, with a new reset time.
    const later = new Date('2026-01-01T10:02:00Z');
    expect(await incrementHits(db, 'a', { now: later, windowMs: 60_000 })).toEqual({
      hits: 1,
      resetAt: new Date('2026-01-01T10:03:00Z'),
    });
    expect(select.mock.calls.length).toBeLessThanOrEqual(1);
    // Counted together, a key at most once in a statement: the second hit of "c" comes after.
    const statements = spyOnStatementsSent(db);
    const counts = await Promise.all(['c', 'd', 'c'].map((key) => incrementHits(db, key, window)));
    expect(counts.map((count) => count.hits)).toEqual([1, 1, 2]);
    expect(statements).toHaveBeenCalledTimes(2);
    // However many keys a statement counts, it was built once.
    expect(insert.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('stores an answered reply without a transaction', async () => {
    const db = ctx.database.db;
    const { createConversation, send } = chatApi(() => ctx.app);
    const id = await createConversation();
    await send(id, 'What do you work on?').expect(200);
    const transaction = vi.spyOn(db, 'transaction');
    const res = await send(id, 'How much do you charge?').expect(200);
    expect(res.body.assistantMessage.content).toContain('$');
    expect(transaction).not.toHaveBeenCalled();
  });
});
