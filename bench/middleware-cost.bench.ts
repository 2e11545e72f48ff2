// What the app's middleware costs: `/api/health` (one `select 1`) and `/api/bookings/slots` on
// the app against a bare Express app running the same queries on the same database, side by side
// in one run (alternating rounds, the load from a worker thread). Goal: throughput >= 0.8x the
// bare app's, p99 <= 1.5x; at 16 and at 50 connections. On PostgreSQL with
// `TEST_DB_DRIVER=postgres TEST_DATABASE_URL=postgres://... npm run bench middleware-cost`.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import express from 'express';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { getOwnerDate } from '../shared/booking-time';
import { listActiveSlotsFrom } from '../server/storage/contact-requests';
import { createTestDatabase } from '../tests/helpers/test-db';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';

const ROUND_MS = 2_000;
const ROUNDS = 3;
const CONCURRENCIES = [16, 50];

// Keep-alive requests from CONCURRENCY parallel loops for `ms`; answers throughput and latencies.
const LOAD_WORKER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { url, ms, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let failed = 0;
const end = Date.now() + ms;
const once = () => new Promise((resolve) => {
  const start = process.hrtime.bigint();
  http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode !== 200) failed++;
      latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      resolve();
    });
  }).on('error', () => { failed++; resolve(); });
});
const loop = async () => { while (Date.now() < end) await once(); };
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, failed });
});
`;

function load(url: string, concurrency: number): Promise<{ perSecond: number; p99: number; failed: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { url, ms: ROUND_MS, concurrency },
    });
    worker.once('message', ({ latencies, failed }: { latencies: number[]; failed: number }) => {
      latencies.sort((a, b) => a - b);
      resolve({
        perSecond: latencies.length / (ROUND_MS / 1000),
        p99: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
        failed,
      });
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

async function listen(handler: http.RequestListener): Promise<{ url: string; close(): void }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

export default async function middlewareCost() {
  setLogLevel('silent');
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const env = parsed.env;
  const database = await createTestDatabase();
  const lifecycle = new Lifecycle();
  const now = () => new Date();
  const app = createApp({ env, database, content: await loadContent(env.CONTENT_DIR), lifecycle, now });

  // The anchor: the same queries, no middleware at all.
  const bare = express();
  bare.get('/api/health', async (_req, res) => {
    await database.db.execute(sql`select 1`);
    res.json({ status: 'ok' });
  });
  bare.get('/api/bookings/slots', async (_req, res) => {
    res.json(await listActiveSlotsFrom(database.db, getOwnerDate(now(), env.OWNER_TIMEZONE)));
  });

  const ours = await listen(app);
  const anchor = await listen(bare);
  try {
    console.log(`database: ${database.driver}; ${ROUNDS} alternating rounds of ${ROUND_MS} ms`);
    console.log(
      '| route | connections | app req/s | bare req/s | x bare (goal >= 0.8) | app p99 | bare p99 | x bare (goal <= 1.5) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [route, concurrency] of ['/api/health', '/api/bookings/slots'].flatMap((path) =>
      CONCURRENCIES.map((count) => [path, count] as const),
    )) {
      await load(ours.url + route, concurrency); // warm-up
      await load(anchor.url + route, concurrency);
      const app: { perSecond: number; p99: number }[] = [];
      const base: { perSecond: number; p99: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        app.push(await load(ours.url + route, concurrency));
        base.push(await load(anchor.url + route, concurrency));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const [appRate, bareRate] = [median(app.map((r) => r.perSecond)), median(base.map((r) => r.perSecond))];
      const [appP99, bareP99] = [median(app.map((r) => r.p99)), median(base.map((r) => r.p99))];
      console.log(
        `| ${route} | ${concurrency} | ${appRate.toFixed(0)} | ${bareRate.toFixed(0)} | ${(appRate / bareRate).toFixed(2)} | ` +
          `${appP99.toFixed(1)} ms | ${bareP99.toFixed(1)} ms | ${(appP99 / bareP99).toFixed(2)} |`,
      );
    }
  } finally {
    ours.close();
    anchor.close();
    await lifecycle.stop();
    await database.close();
  }
}
