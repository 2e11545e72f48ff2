import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createAppContext } from '../../server/app-context';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import type { ChatModel } from '../../server/services/clone/chat-model';
import { chatApi, parseChatStream } from '../helpers/conversations-sse';
import { useTestApp } from '../helpers/test-app';

// A burst of chats on a small connection pool: a reply already streamed to its visitor is stored,
// ahead of slower work from other visitors that asked for a connection before it; and a queue
// that keeps moving is waited out rather than failed at the first deadline.

const SENDS = 20;
const POOL_SIZE = 2;
/** How long a statement waits while no connection is handed back (5 s on a site). */
const CONNECTION_WAIT_MS = 1_000;
/** Other visitors' statements, each holding a connection this long: 1.8 s of queue in all. */
const SLOW_STATEMENTS = 12;
const SLOW_STATEMENT_S = 0.3;

describe('a burst of chats on a small connection pool', () => {
  const ctx = useTestApp({
    env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000', CONVERSATION_RATE_LIMIT_PER_HOUR: '1000' },
  });
  const ownPools: DatabaseHandle[] = [];
  // Registered after useTestApp's hooks, so it runs before the test database is dropped.
  afterAll(async () => {
    for (const handle of ownPools) await handle.close();
  });

  /** On PostgreSQL a pool of its own on the test database; PGlite has one connection anyway. */
  async function openSmallPool(): Promise<DatabaseHandle> {
    if (ctx.database.driver === 'pglite') return ctx.database;
    const { rows } = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const handle = await openDatabase({
      databaseUrl: url.toString(),
      poolSize: POOL_SIZE,
      connectionWaitMs: CONNECTION_WAIT_MS,
    });
    ownPools.push(handle);
    return handle;
  }

  /** A model that streams its first words, then holds every reply until `finish()`. */
  function createGatedModel() {
    let streaming = 0;
    let tellAllStreaming = () => {};
    const allStreaming = new Promise<void>((resolve) => (tellAllStreaming = resolve));
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const chatModel: ChatModel = {
      name: 'gated',
      async *streamReply() {
        yield 'First words, ';
        // Asked for more once the visitor message is stored and the first words relayed.
        if (++streaming === SENDS) tellAllStreaming();
        await finished;
        yield 'then the rest.';
      },
    };
    return { chatModel, allStreaming, finish };
  }

  it(`stores all ${SENDS} streamed replies on a pool of ${POOL_SIZE} while slower statements wait`, async () => {
    const database = await openSmallPool();
    const { chatModel, allStreaming, finish } = createGatedModel();
    const app = createApp(createAppContext({ ...ctx.deps, database, chatModel }));
    const { createConversation, stream, listMessages } = chatApi(() => app);
    const ids = await Promise.all(Array.from({ length: SENDS }, () => createConversation()));

    const answers = Promise.all(ids.map((id, n) => stream(id, `Question number ${n}?`)));
    await allStreaming;
    // Other visitors' work asks for connections first: more than the pool serves in one wait.
    // PGlite runs one statement at a time with no deadline: there it would only add seconds.
    const slowStatements = database.driver === 'postgres' ? SLOW_STATEMENTS : 0;
    const otherWork = Array.from({ length: slowStatements }, () =>
      database.db.execute(sql`select pg_sleep(${SLOW_STATEMENT_S})`).then(
        () => 'done',
        () => 'refused',
      ),
    );
    const otherWorkDoneAt = Promise.all(otherWork).then(() => performance.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
    finish();

    const repliesDoneAt = await answers.then(() => performance.now());
    for (const answer of await answers) {
      const events = parseChatStream(answer.text);
      expect(answer.status).toBe(200);
      expect(events.at(-1)).toMatchObject({
        event: 'done',
        data: { message: { role: 'assistant', content: 'First words, then the rest.' } },
      });
    }
    for (const [n, id] of ids.entries()) {
      expect((await listMessages(id)).map(({ role, content }) => ({ role, content }))).toEqual([
        { role: 'user', content: `Question number ${n}?` },
        { role: 'assistant', content: 'First words, then the rest.' },
      ]);
    }
    // The queue kept moving, so nothing was refused; the replies were not kept behind it.
    expect(await Promise.all(otherWork)).toEqual(Array(slowStatements).fill('done'));
    if (slowStatements > 0) expect(repliesDoneAt).toBeLessThan(await otherWorkDoneAt);
  });
});
