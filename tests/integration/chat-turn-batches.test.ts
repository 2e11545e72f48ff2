import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { postgresErrorCode } from '../../server/lib/app-error';
import {
  getConversationHistoryAndTokensSpent,
  insertReplyWithContactForm,
  insertVisitorMessage,
} from '../../server/storage/chat-turns';
import { insertConversation } from '../../server/storage/conversations';
import { addTokensSpent } from '../../server/storage/llm-usage';
import { conversations, llmUsage, messages } from '../../shared/schema';
import { spyOnStatementsSent } from '../helpers/statements-sent';
import { useTestApp } from '../helpers/test-app';

// The statements of a chat turn, batched across the chats of the moment: each chat gets its own
// rows back, a conversation deleted meanwhile fails alone, and two turns of one conversation
// are stored one after the other.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const FORM_EITHER_WAY = { ifPreviousShowedForm: true, ifPreviousDidNot: true };

describe('chat turns batched across chats', () => {
  const ctx = useTestApp();
  afterEach(() => vi.restoreAllMocks());

  it("reads many conversations' histories and the day's tokens in one statement", async () => {
    const db = ctx.database.db;
    const [first, second] = [await insertConversation(db, 'key-1'), await insertConversation(db, 'key-2')];
    for (const [i, content] of ['one', 'two', 'three'].entries()) {
      const timestamp = new Date(Date.UTC(2026, 0, 1, 10, i));
      await db.insert(messages).values({ conversationId: first.id, role: 'user', content, timestamp });
    }
    await db.insert(llmUsage).values({ day: '2026-01-01', tokens: 1234 });
    const select = spyOnStatementsSent(db);
    const [a, b, unknown] = await Promise.all(
      [first.id, second.id, UNKNOWN_ID].map((id) =>
        getConversationHistoryAndTokensSpent(db, id, 2, '2026-01-01'),
      ),
    );
    expect(select).toHaveBeenCalledTimes(1);
    expect(a).toMatchObject({ ownerKeyHash: 'key-1', tokensSpent: 1234 });
    expect(a?.messages.map((m) => m.content)).toEqual(['two', 'three']);
    expect(a?.messages[0]?.timestamp).toEqual(new Date(Date.UTC(2026, 0, 1, 10, 1)));
    expect(b).toEqual({ ownerKeyHash: 'key-2', messages: [], tokensSpent: 1234 });
    expect(unknown).toBeUndefined();
    expect((await getConversationHistoryAndTokensSpent(db, first.id, 5, '2026-01-02'))?.tokensSpent).toBe(0);
  });

  it('stores visitor messages of many chats in one statement; a deleted conversation fails alone', async () => {
    const db = ctx.database.db;
    const chats = await Promise.all(['a', 'b', 'c'].map((key) => insertConversation(db, key)));
    const insert = spyOnStatementsSent(db);
    const stored = await Promise.all(chats.map((chat, i) => insertVisitorMessage(db, chat.id, `hello ${i}`)));
    expect(insert).toHaveBeenCalledTimes(1);
    expect(stored.map((row) => [row.conversationId, row.content, row.role])).toEqual(
      chats.map((chat, i) => [chat.id, `hello ${i}`, 'user']),
    );

    await db.delete(conversations).where(eq(conversations.id, chats[1]!.id));
    const results = await Promise.allSettled(chats.map((chat) => insertVisitorMessage(db, chat.id, 'again')));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(postgresErrorCode((results[1] as PromiseRejectedResult).reason)).toBe('23503');
    const counts = await db
      .select({ id: conversations.id, count: conversations.messageCount })
      .from(conversations);
    expect(counts.map((row) => row.count).sort()).toEqual([2, 2]);
  });

  it('stores any text as it was sent, in a batch of several rows', async () => {
    const db = ctx.database.db;
    const chats = await Promise.all(['a', 'b', 'c'].map((key) => insertConversation(db, key)));
    // What an array literal must escape, and what a careless one would mistake for its own syntax.
    const texts = ['He said "hi", {then}\\ left.\nNULL', 'it\'s {a,b} \\" é 😀', 'NULL'];
    const stored = await Promise.all(chats.map((chat, i) => insertVisitorMessage(db, chat.id, texts[i]!)));
    expect(stored.map((row) => row.content)).toEqual(texts);
    const replies = await Promise.all(
      chats.map((chat, i) =>
        insertReplyWithContactForm(db, {
          conversationId: chat.id,
          content: texts[i]!,
          choice: FORM_EITHER_WAY,
          answered: i === 2 ? undefined : [`faq.md#"${i}"`, 'a,b {c}', 'NULL'],
        }),
      ),
    );
    expect(replies.map((row) => [row.content, row.answeredSections])).toEqual([
      [texts[0], ['faq.md#"0"', 'a,b {c}', 'NULL']],
      [texts[1], ['faq.md#"1"', 'a,b {c}', 'NULL']],
      [texts[2], null],
    ]);
  });

  it("stores two replies of one conversation in turn, the second deciding from the first's form", async () => {
    const db = ctx.database.db;
    const chat = await insertConversation(db, 'key');
    const insert = spyOnStatementsSent(db);
    const [opened, second] = await Promise.all([
      insertReplyWithContactForm(db, { conversationId: chat.id, content: 'first', choice: FORM_EITHER_WAY }),
      insertReplyWithContactForm(db, {
        conversationId: chat.id,
        content: 'second',
        choice: { ifPreviousShowedForm: false, ifPreviousDidNot: true },
        answered: ['faq.md#1'],
      }),
    ]);
    expect(insert).toHaveBeenCalledTimes(2);
    expect(opened.showedContactForm).toBe(true);
    expect(second).toMatchObject({ showedContactForm: false, answeredSections: ['faq.md#1'] });
    expect(second.timestamp.getTime()).toBeGreaterThanOrEqual(opened.timestamp.getTime());
  });

  it('adds the model tokens of many replies in one statement, each seeing the total after its own', async () => {
    const db = ctx.database.db;
    await addTokensSpent(db, '2026-01-01', 100);
    const insert = spyOnStatementsSent(db);
    const totals = await Promise.all([10, 20, 30].map((tokens) => addTokensSpent(db, '2026-01-01', tokens)));
    expect(insert).toHaveBeenCalledTimes(1);
    expect(totals).toEqual([110, 130, 160]);
    expect(await addTokensSpent(db, '2026-01-02', 5)).toBe(5);
  });
});
