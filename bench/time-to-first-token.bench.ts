// Server-added time to first token: from sending a chat message (Accept: text/event-stream) to
// the first `delta` event, minus the fake model's own wait before its first chunk. It covers
// validation, the database writes and reads before the model call, the OpenAI SDK and the
// stream relay. Its anchor, in the same run and alternating with it: a bare node:http handler on
// the same database that does only the read a reply needs (the conversation's history and the
// day's tokens, one statement), sends the model the same request over a keep-alive connection
// and relays its first chunk as a `delta`. Goal: the app adds at most 5 ms over the anchor.
// `npm run bench time-to-first-token`; on PostgreSQL with
// `TEST_DB_DRIVER=postgres TEST_DATABASE_URL=postgres://... npm run bench time-to-first-token`.
// The app runs on the main thread (PGlite too); the client and the fake model each run in a
// worker thread, as they would on other machines, so their own work is not counted as the app's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createApp } from '../server/app';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { createTestDatabase } from '../tests/helpers/test-db';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';
import { startFakeModel } from './fake-model-worker';
import { startBareReplyServer } from './bare-reply-server';

const RUNS = 50;
const WARM_UP_RUNS = 5;
const MODEL_FIRST_CHUNK_MS = 20;
/** Goal: what the app adds over its anchor, at most. */
const GOAL_MS = 5;
const MESSAGE = 'How do you approach cloud architecture for AI workloads?';

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
  const server = http.createServer(
    createApp({
      env,
      database,
      content: await loadContent(env.CONTENT_DIR),
      lifecycle,
      now: () => new Date(),
    }),
  );
  // When each message request reaches the server, to tell the client's own sending time apart.
  let arrivedAt = 0;
  server.prependListener('request', (req: http.IncomingMessage) => {
    if (req.method === 'POST' && req.url?.endsWith('/messages')) arrivedAt = performance.now();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const bare = await startBareReplyServer(database.db, fake.url);
  const client = startClient();
  const app = { totals: [] as number[], added: [] as number[], addedInServer: [] as number[] };
  const anchor = { added: [] as number[] };
  let requests = 0;
  // One message: the time to its first delta, and the model's own wait for it (request `index`).
  const measure = async (url: string, cookie: string) => {
    const { started, firstDelta } = await client.send(url, MESSAGE, cookie);
    const upstream = await fake.request(requests++);
    // One model request per message, so this request is this message's (no retry, no stray call).
    if (upstream.count !== requests)
      throw new Error(`the fake model got ${upstream.count} requests after ${requests} messages`);
    if (!upstream.firstChunkAt) throw new Error('the fake model did not record its first chunk');
    return { started, firstDelta, modelOwn: upstream.firstChunkAt - upstream.receivedAt };
  };
  try {
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
      const created = await fetch(`${base}/api/conversations`, { method: 'POST' });
      const { id } = (await created.json()) as { id: string };
      // The chat belongs to the browser key its creation set, as in a browser.
      const cookie = (created.headers.get('set-cookie') ?? '').split(';')[0]!;
      // The anchor first, on the conversation as the app will find it (no message yet).
      const bareRun = await measure(bare.url(id), cookie);
      const appRun = await measure(`${base}/api/conversations/${id}/messages`, cookie);
      if (run < WARM_UP_RUNS) continue;
      anchor.added.push(bareRun.firstDelta - bareRun.started - bareRun.modelOwn);
      app.totals.push(appRun.firstDelta - appRun.started);
      app.added.push(appRun.firstDelta - appRun.started - appRun.modelOwn);
      app.addedInServer.push(appRun.firstDelta - arrivedAt - appRun.modelOwn);
    }
  } finally {
    await client.stop();
    await bare.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await lifecycle.stop();
    await database.close();
    await fake.close();
  }
  printFigures(database.driver, app, anchor.added);
}

function printFigures(
  driver: string,
  app: { totals: number[]; added: number[]; addedInServer: number[] },
  anchorAdded: number[],
) {
  const median = percentile(app.added, 50);
  const anchorMedian = percentile(anchorAdded, 50);
  const over = median - anchorMedian;
  console.log(
    `database: ${driver}; ${RUNS} runs after ${WARM_UP_RUNS} warm-up, alternating with the anchor; fake model waits ${MODEL_FIRST_CHUNK_MS} ms before its first chunk`,
  );
  console.log(
    `time to first token (total):      median ${fmt(percentile(app.totals, 50))} ms, p95 ${fmt(percentile(app.totals, 95))} ms`,
  );
  console.log(
    `server-added time to first token: median ${fmt(median)} ms, p95 ${fmt(percentile(app.added, 95))} ms`,
  );
  console.log(
    `  of which after the request reached the server: median ${fmt(percentile(app.addedInServer, 50))} ms, p95 ${fmt(percentile(app.addedInServer, 95))} ms`,
  );
  console.log(
    `anchor (bare handler, the reply's read only): median ${fmt(anchorMedian)} ms, p95 ${fmt(percentile(anchorAdded, 95))} ms`,
  );
  console.log(
    `app over its anchor: ${fmt(over)} ms (${fmt(median / anchorMedian)}x); goal <= ${GOAL_MS} ms: ${over <= GOAL_MS ? 'met' : 'MISSED'}`,
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
