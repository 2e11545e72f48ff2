import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { conversations, messages } from '../../shared/schema';
import { sweepRetention } from '../../server/services/retention/sweep-retention';
import { chatApi } from '../helpers/conversations-sse';
import { testEnv, useTestApp } from '../helpers/test-app';

// The owner's desk on a growing site (issue 26): the list pages by (created_at, id) over stored
// counters that triggers on messages keep (migration 0009); search cuts each query at a page;
// the CSV streams in batches.

const TOKEN = 'owner-token-for-tests-0123456789';
const NOW = new Date('2026-03-04T15:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

interface Summary {
  id: string;
  messageCount: number;
  lastActivityAt: string;
  createdAt: string;
}

describe('owner desk at scale: paging, stored counters, search, CSV', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: { OWNER_API_TOKEN: TOKEN, CHAT_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  const { createConversation, send } = chatApi(() => ctx.app);
  const asOwner = (path: string, query: Record<string, string> = {}) =>
    request(ctx.app).get(path).query(query).set('Authorization', `Bearer ${TOKEN}`).expect(200);
  const list = async (query: Record<string, string> = {}) =>
    (await asOwner('/api/owner/conversations', query)).body as {
      conversations: Summary[];
      nextCursor: string | null;
    };
  const summaryOf = async (id: string) =>
    (await asOwner(`/api/owner/conversations/${id}`)).body.conversation as Summary;
  const db = () => ctx.database.db;

  /** `count` conversations of one message each, created `minute` onwards (several in one instant). */
  async function seedConversations(count: number, minute: number, word = 'hello') {
    const rows = await db()
      .insert(conversations)
      .values(Array.from({ length: count }, (_, i) => ({ createdAt: at(minute + Math.floor(i / 3)) })))
      .returning({ id: conversations.id });
    await db()
      .insert(messages)
      .values(
        rows.map(({ id }, i) => ({
          conversationId: id,
          role: 'user',
          content: `${word} ${i}`,
          timestamp: at(minute + 100),
        })),
      );
    return rows.map((row) => row.id);
  }

  it('pages newest first by (created_at, id) with no repeat or gap while new chats arrive', async () => {
    const older = await seedConversations(70, 0);
    const seen: string[] = [];
    let page = await list();
    seen.push(...page.conversations.map((c) => c.id));
    // New chats arrive between the pages, and an empty one never shows.
    await seedConversations(5, 500);
    await db()
      .insert(conversations)
      .values({ createdAt: at(-1) });
    while (page.nextCursor) {
      page = await list({ cursor: page.nextCursor });
      seen.push(...page.conversations.map((c) => c.id));
    }
    expect(seen).toHaveLength(70);
    expect(new Set(seen).size).toBe(70);
    const expected = await db()
      .select({ id: conversations.id })
      .from(conversations)
      .where(sql`${conversations.id} in ${older}`)
      .orderBy(sql`${conversations.createdAt} desc, ${conversations.id} desc`);
    expect(seen).toEqual(expected.map((row) => row.id));
  });

  it('keeps the message count and last activity as messages are added and removed', async () => {
    const id = await createConversation();
    await send(id, 'Where are you based?').expect(200);
    await send(id, 'What are your rates?').expect(200);
    const stored = await db().select().from(messages).where(eq(messages.conversationId, id));
    const newest = stored.reduce((a, b) => (a.timestamp > b.timestamp ? a : b));
    let summary = await summaryOf(id);
    expect(summary.messageCount).toBe(4);
    expect(summary.lastActivityAt).toBe(newest.timestamp.toISOString());
    expect((await list()).conversations.map((c) => [c.id, c.messageCount])).toEqual([[id, 4]]);

    await db().delete(messages).where(eq(messages.id, newest.id));
    const secondNewest = stored
      .filter((m) => m.id !== newest.id)
      .reduce((a, b) => (a.timestamp > b.timestamp ? a : b));
    summary = await summaryOf(id);
    expect(summary.messageCount).toBe(3);
    expect(summary.lastActivityAt).toBe(secondNewest.timestamp.toISOString());

    await db().delete(messages).where(eq(messages.conversationId, id));
    summary = await summaryOf(id);
    expect(summary.messageCount).toBe(0);
    expect(summary.lastActivityAt).toBe(summary.createdAt);
    expect((await list()).conversations).toEqual([]);
  });

  it('drops erased and expired chats from the list and leaves the others counted', async () => {
    const [kept] = await seedConversations(1, 0);
    const erased = await createConversation();
    await send(erased, 'Hello').expect(200);
    await db()
      .update(conversations)
      .set({ visitorEmail: 'gone@example.com' })
      .where(eq(conversations.id, erased));
    const [expired] = await seedConversations(1, -60 * 24 * 400);
    await db()
      .update(messages)
      .set({ timestamp: at(-60 * 24 * 400) })
      .where(eq(messages.conversationId, expired!));
    expect((await summaryOf(expired!)).lastActivityAt).toBe(at(-60 * 24 * 400).toISOString());

    await request(ctx.app)
      .post('/api/owner/erasure')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ email: 'gone@example.com' })
      .expect(200);
    await sweepRetention({ ...ctx.deps, env: testEnv({ RETENTION_DAYS: '30' }) });

    const listed = (await list()).conversations;
    expect(listed.map((c) => [c.id, c.messageCount])).toEqual([[kept, 1]]);
  });

  it('searches text, name and e-mail, pages the results, and finds a rare word among many', async () => {
    await seedConversations(40, 0, 'architecture question');
    const [rare] = await seedConversations(1, 20, 'we run Kubernetes');
    const [byEmail] = await seedConversations(1, 30);
    await db()
      .update(conversations)
      .set({ visitorEmail: 'Ada@Example.com' })
      .where(eq(conversations.id, byEmail!));

    expect((await list({ q: 'kubernetes' })).conversations.map((c) => c.id)).toEqual([rare]);
    expect((await list({ q: 'ada@example' })).conversations.map((c) => c.id)).toEqual([byEmail]);
    expect((await list({ q: 'zebra' })).conversations).toEqual([]);

    const first = await list({ q: 'ARCHITECTURE' });
    expect(first.conversations).toHaveLength(30);
    const second = await list({ q: 'ARCHITECTURE', cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    const ids = [...first.conversations, ...second.conversations].map((c) => c.id);
    expect(new Set(ids).size).toBe(40);
    expect(ids).not.toContain(rare);
  });

  it('indexes only named chats for name and e-mail search, straight into the index', async () => {
    // Migration 0011: each message rewrites its conversation's counters; a null entry per message
    // in GIN's pending list (never vacuumed on the embedded database) made search scan every chat.
    const { rows } = await db().execute<{ indexname: string; indexdef: string }>(sql`
      select indexname, indexdef from pg_indexes
      where indexname in ('conversations_visitor_name_trgm_idx', 'conversations_visitor_email_trgm_idx')
      order by indexname`);
    // Both test databases load pg_trgm, so both indexes exist.
    expect(rows.map((row) => row.indexname)).toEqual([
      'conversations_visitor_email_trgm_idx',
      'conversations_visitor_name_trgm_idx',
    ]);
    for (const { indexname, indexdef } of rows) {
      const column = indexname.replace(/^conversations_(.*)_trgm_idx$/, '$1');
      expect(indexdef).toContain('WITH (fastupdate=off)');
      expect(indexdef).toContain(`WHERE (${column} IS NOT NULL)`);
    }
  });

  it('streams the CSV in batches: every request once, newest first, ties broken by id', async () => {
    // 1,201 requests, three to an instant, so batches of 500 end inside a tie.
    await db().execute(sql`
      insert into contact_requests (full_name, phone_number, email, created_at)
      select 'Person ' || k, '+1 555 0100', 'p' || k || '@example.com', ${NOW.toISOString()}::timestamptz - make_interval(secs => k / 3)
      from generate_series(1, 1201) as k`);
    const res = await asOwner('/api/owner/contact-requests.csv');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    // Written as read, not built whole: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    const lines = (res.text as string).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,created_at,status,full_name/);
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    const expected = await db().execute<{ id: string }>(
      sql`select id from contact_requests order by created_at desc, id desc`,
    );
    expect(ids).toEqual(expected.rows.map((row) => row.id));
  });

  it('exports a header alone when there is no request', async () => {
    const res = await asOwner('/api/owner/contact-requests.csv');
    expect(res.text).toBe(
      'id,created_at,status,full_name,email,phone,scheduled_owner_time,scheduled_at_utc,preferred_time,purpose,conversation_id\r\n',
    );
  });
});
