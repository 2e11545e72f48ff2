// Server-added time to first token: from sending a chat message (Accept: text/event-stream) to
// the first `delta` event, minus the fake model's own wait before its first chunk. It covers
// validation, the database writes and reads before the model call, the OpenAI SDK and the
// stream relay. Goal: under 5 ms. `npm run bench time-to-first-token`; on PostgreSQL with
// `TEST_DB_DRIVER=postgres TEST_DATABASE_URL=postgres://... npm run bench time-to-first-token`.
// The app runs on the main thread (PGlite too); the client and the fake model each run in a
// worker thread, as they would on other machines, so their own work is not counted as the app's.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createApp } from '../server/app';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import type { FakeBehaviour } from '../tests/fakes/openai-server';
import { createTestDatabase } from '../tests/helpers/test-db';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';

const RUNS = 50;
const WARM_UP_RUNS = 5;
const MODEL_FIRST_CHUNK_MS = 20;
const GOAL_MS = 5;

export default async function timeToFirstToken() {
  setLogLevel('silent');
  const fake = await startFakeModel({
    kind: 'reply',
    text: 'Hello from the fake model, streaming a short answer.',
    firstChunkDelayMs: MODEL_FIRST_CHUNK_MS,
  });
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.url,
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CONVERSATION_RATE_LIMIT_PER_HOUR: '100000',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const env = parsed.env;
  // Embedded PGlite, or a throwaway database on TEST_DATABASE_URL with TEST_DB_DRIVER=postgres.
  const database = await createTestDatabase();
  const lifecycle = new Lifecycle();
  const app = createApp({
    env,
    database,
    content: await loadContent(env.CONTENT_DIR),
    lifecycle,
    now: () => new Date(),
  });
  const server = http.createServer(app);
  // When each message request reaches the server, to tell the client's own sending time apart.
  let arrivedAt = 0;
  server.prependListener('request', (req: http.IncomingMessage) => {
    if (req.method === 'POST' && req.url?.endsWith('/messages')) arrivedAt = performance.now();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = startClient();
  const totals: number[] = [];
  const added: number[] = [];
  const addedInServer: number[] = [];
  try {
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
      const created = await fetch(`${base}/api/conversations`, { method: 'POST' });
      const { id } = (await created.json()) as { id: string };
      // The chat belongs to the browser key its creation set, as in a browser.
      const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0]!;
      const { started, firstDelta } = await client.send(
        `${base}/api/conversations/${id}/messages`,
        'How do you approach cloud architecture for AI workloads?',
        cookie,
      );
      const upstream = await fake.request(run);
      // One model request per message, so request `run` is this message's (no retry, no stray call).
      if (upstream.count !== run + 1)
        throw new Error(`the fake model got ${upstream.count} requests after ${run + 1} messages`);
      if (!upstream.firstChunkAt) throw new Error('the fake model did not record its first chunk');
      const modelOwn = upstream.firstChunkAt - upstream.receivedAt;
      if (run < WARM_UP_RUNS) continue;
      totals.push(firstDelta - started);
      added.push(firstDelta - started - modelOwn);
      addedInServer.push(firstDelta - arrivedAt - modelOwn);
    }
  } finally {
    await client.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await lifecycle.stop();
    await database.close();
    await fake.close();
  }

  const median = percentile(added, 50);
  const p95 = percentile(added, 95);
  console.log(
    `database: ${database.driver}; ${RUNS} runs after ${WARM_UP_RUNS} warm-up; fake model waits ${MODEL_FIRST_CHUNK_MS} ms before its first chunk`,
  );
  console.log(
    `time to first token (total):      median ${fmt(percentile(totals, 50))} ms, p95 ${fmt(percentile(totals, 95))} ms`,
  );
  console.log(`server-added time to first token: median ${fmt(median)} ms, p95 ${fmt(p95)} ms`);
  console.log(
    `  of which after the request reached the server: median ${fmt(percentile(addedInServer, 50))} ms, p95 ${fmt(percentile(addedInServer, 95))} ms`,
  );
  console.log(
    `goal < ${GOAL_MS} ms: median ${median < GOAL_MS ? 'met' : 'MISSED'} (${fmt(median / GOAL_MS)}x of the goal), p95 ${fmt(p95 / GOAL_MS)}x`,
  );
}

// Plain JavaScript for the worker. Times are absolute (timeOrigin + now) so threads can compare.
const CLIENT_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const now = () => performance.timeOrigin + performance.now();
parentPort.on('message', async ({ url, content, cookie }) => {
  try {
    const started = now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
      body: JSON.stringify({ content }),
    });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended before the first delta: ' + received);
      received += decoder.decode(value, { stream: true });
    }
    const firstDelta = now();
    while (!(await reader.read()).done);
    parentPort.postMessage({ started, firstDelta });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

/** The fake OpenAI server in its own thread; request times in this thread's performance.now() terms. */
async function startFakeModel(behaviour: FakeBehaviour) {
  const entry = new URL('./fake-model-thread.ts', import.meta.url).href;
  // Workers do not inherit tsx's loader on Node 20: the thread registers it before loading.
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true },
  );
  // once() also rejects if the thread fails, and removes its listeners either way.
  const reply = async <T>(message?: unknown): Promise<T> => {
    const answer = once(worker, 'message');
    if (message) worker.postMessage(message);
    return (await answer)[0] as T;
  };
  const { url } = await reply<{ url: string }>();
  await reply({ setDefault: behaviour });
  const toLocal = (absolute: number | undefined) =>
    absolute === undefined ? undefined : absolute - performance.timeOrigin;
  return {
    url,
    /** Request `index`'s times, and how many requests the fake model has had. */
    async request(index: number) {
      const times = await reply<{ receivedAt: number; firstChunkAt?: number; count: number }>({ index });
      return {
        receivedAt: toLocal(times.receivedAt)!,
        firstChunkAt: toLocal(times.firstChunkAt),
        count: times.count,
      };
    },
    async close() {
      worker.postMessage({ close: true });
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}

/** The measuring client in its own thread; answers in this thread's performance.now() terms. */
function startClient() {
  const worker = new Worker(CLIENT_SOURCE, { eval: true });
  const toLocal = (absolute: number) => absolute - performance.timeOrigin;
  return {
    send(url: string, content: string, cookie: string) {
      return new Promise<{ started: number; firstDelta: number }>((resolve, reject) => {
        worker.once('message', (result: { started: number; firstDelta: number; error?: string }) => {
          if (result.error) reject(new Error(result.error));
          else resolve({ started: toLocal(result.started), firstDelta: toLocal(result.firstDelta) });
        });
        worker.postMessage({ url, content, cookie });
      });
    },
    stop: () => worker.terminate(),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function fmt(value: number): string {
  return value.toFixed(2);
}
