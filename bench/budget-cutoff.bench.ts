// The model's bill: how fast a chat message past the day's token budget starts its answer from
// the owner's notes (the offline clone's first token: goal under 50 ms, with no upstream call),
// and how many upstream attempts a failing model costs per message (goal: 1).
// `npm run bench budget-cutoff`; on PostgreSQL with
// `TEST_DB_DRIVER=postgres TEST_DATABASE_URL=postgres://... npm run bench budget-cutoff`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../server/app';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { getBudgetDay } from '../server/services/clone/token-budget';
import { loadContent } from '../server/services/content/load-content';
import { llmUsage } from '../shared/schema';
import { startFakeOpenAiServer } from '../tests/fakes/openai-server';
import { createTestDatabase } from '../tests/helpers/test-db';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';

const RUNS = 50;
const WARM_UP_RUNS = 5;
const GOAL_MS = 50;
const BUDGET = 1_000;

export default async function budgetCutoff() {
  setLogLevel('silent');
  const bench = await startBench();
  try {
    const id = await bench.createConversation();

    // A failing model: upstream attempts for one message.
    bench.fake.setDefault({ kind: 'error', status: 500 });
    const failed = await bench.send(id);
    await failed.arrayBuffer();
    console.log(
      `failing model: ${failed.status} (answered from the notes), ${bench.fake.requests.length} upstream attempt(s) per message`,
    );
    bench.fake.reset();

    await bench.database.db.insert(llmUsage).values({ day: getBudgetDay(new Date()), tokens: BUDGET });
    const times = await timeFirstTokensPastBudget(bench, id);
    const floor = await timeMessageReads(bench, id);
    console.log(
      `past the budget (${bench.database.driver}, ${RUNS} messages): first token from the notes in ${summarize(times)} (goal < ${GOAL_MS} ms); ` +
        `upstream calls: ${bench.fake.requests.length}; for comparison, reading the messages: ${summarize(floor)}`,
    );
  } finally {
    await bench.close();
  }
}

type Bench = Awaited<ReturnType<typeof startBench>>;

/** The app over HTTP on loopback, its model a fake OpenAI server, its budget BUDGET tokens a day. */
async function startBench() {
  const fake = await startFakeOpenAiServer();
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.url,
    LLM_DAILY_TOKEN_BUDGET: String(BUDGET),
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CONVERSATION_RATE_LIMIT_PER_HOUR: '100000',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const database = await createTestDatabase();
  const lifecycle = new Lifecycle();
  const app = createApp({
    env: parsed.env,
    database,
    content: await loadContent(parsed.env.CONTENT_DIR),
    lifecycle,
    now: () => new Date(),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The chat belongs to the browser key its creation set, as in a browser.
  let cookie = '';

  return {
    fake,
    database,
    readMessages: (id: string) =>
      fetch(`${base}/api/conversations/${id}/messages`, { headers: { Cookie: cookie } }),
    async createConversation() {
      const created = await fetch(`${base}/api/conversations`, { method: 'POST' });
      cookie = (created.headers.get('set-cookie') ?? '').split(';')[0]!;
      return ((await created.json()) as { id: string }).id;
    },
    send: (id: string, accept = 'application/json') =>
      fetch(`${base}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Cookie: cookie,
          Accept: accept,
        },
        body: JSON.stringify({ content: 'What are your rates?' }),
      }),
    async close() {
      server.close();
      await lifecycle.stop();
      await database.close();
      await fake.close();
    },
  };
}

/**
 * The budget spent: every message is answered from the notes. Timed to the first token (what the
 * visitor waits for; the rest streams at the offline clone's pace), then read to the end, so the
 * reply's storing does not weigh on the next message.
 */
async function timeFirstTokensPastBudget(bench: Bench, id: string): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
    const started = performance.now();
    const res = await bench.send(id, 'text/event-stream');
    if (res.status !== 200 || !res.body) throw new Error(`expected 200 past the budget, got ${res.status}`);
    const reader = res.body.getReader();
    let received = '';
    while (!received.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before its first token');
      received += new TextDecoder().decode(value);
    }
    const elapsed = performance.now() - started;
    while (!(await reader.read()).done);
    if (run >= WARM_UP_RUNS) times.push(elapsed);
  }
  return times;
}

/** The floor on this machine: a read of the same conversation's messages (one query, no limit). */
async function timeMessageReads(bench: Bench, id: string): Promise<number[]> {
  const floor: number[] = [];
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
    const started = performance.now();
    await (await bench.readMessages(id)).arrayBuffer();
    if (run >= WARM_UP_RUNS) floor.push(performance.now() - started);
  }
  return floor;
}

function summarize(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
}
