// The owner's desk as history grows: each desk endpoint on three databases side by side, in the
// same run: empty (one conversation, for the transcript), one page of each list (40 conversations,
// 300 requests) and busy (10,000 conversations of 10 messages, 5,000 requests;
// bench/owner-desk-seed.ts). Goal: every endpoint at most 2x from empty to busy. The one-page
// ratio tells history's cost apart from a full page's (an empty list answers []); the CSV, which
// holds every row, is judged by its first byte. Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
// (`export TEST_DATABASE_URL=$(bash scripts/local-postgres.sh)`). `npm run bench owner-desk`.
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { createAppContext } from '../server/app-context';
import type { DatabaseHandle } from '../server/db/client';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';
import { createTestDatabase } from '../tests/helpers/test-db';
import { BUSY_SITE, COMMON_WORD, ONE_PAGE_SITE, RARE_WORD, seedSite } from './owner-desk-seed';

const RUNS = 11;
const WARM_UP_RUNS = 4;
const GOAL_RATIO = 2;
const TOKEN = 'owner-desk-bench-token-0123456789';
/** Pages walked before timing "a later page" (30 a page). */
const LATER_PAGE = 50;

interface Timing {
  /** Until the whole body arrived. */
  total: number;
  /** Until the first byte of the body arrived. */
  firstByte: number;
}

type Endpoints = Record<string, string>;

export default async function ownerDeskBench() {
  setLogLevel('silent');
  try {
    await benchOn('pglite');
    if (process.env.TEST_DATABASE_URL) await benchOn('postgres');
    else console.log('(set TEST_DATABASE_URL to measure on PostgreSQL too)');
  } finally {
    await client?.terminate();
  }
}

const SIDES = ['empty', 'one page', 'busy'] as const;

async function benchOn(driver: 'pglite' | 'postgres') {
  const previous = process.env.TEST_DB_DRIVER;
  process.env.TEST_DB_DRIVER = driver;
  // Databases side by side, requests alternating between them, so that noise from the rest of
  // the machine lands on every side alike.
  const databases = await Promise.all(SIDES.map(() => createTestDatabase())).finally(() => {
    if (previous === undefined) delete process.env.TEST_DB_DRIVER;
    else process.env.TEST_DB_DRIVER = previous;
  });
  const apps = [];
  for (const database of databases) apps.push(await startApp(database));
  try {
    const probeIds = [];
    for (const database of databases) probeIds.push(await seedProbeConversation(database));
    await seedSite(databases[1]!.db, ONE_PAGE_SITE);
    const seedStarted = performance.now();
    await seedSite(databases[2]!.db, BUSY_SITE);
    const seedMs = performance.now() - seedStarted;
    const endpoints = [];
    for (const [i, app] of apps.entries()) endpoints.push(await endpointsFor(app.base, probeIds[i]!, i > 0));
    const results = await measureAll(
      apps.map((app) => app.base),
      endpoints,
    );
    printTable(driver, seedMs, results);
  } finally {
    for (const app of apps) await app.stop();
    for (const database of databases) await database.close();
  }
}

async function startApp(database: DatabaseHandle) {
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
    OWNER_API_TOKEN: TOKEN,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const lifecycle = new Lifecycle();
  const context = createAppContext({
    env: parsed.env,
    database,
    content: await loadContent(parsed.env.CONTENT_DIR),
    lifecycle,
    now: () => new Date(),
  });
  const server = http.createServer(createApp(context));
  // Seeding takes longer than Node's 5 s keep-alive: a reused socket closed meanwhile would reset.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await lifecycle.stop();
    },
  };
}

/** The one conversation both runs hold, so the transcript endpoint reads the same thing. */
async function seedProbeConversation(database: DatabaseHandle): Promise<string> {
  const result = await database.db.execute<{ id: string }>(
    sql`insert into conversations (created_at) values (now() - interval '2 years') returning id`,
  );
  const id = result.rows[0]!.id;
  await database.db.execute(sql`
    insert into messages (conversation_id, role, content, timestamp)
    select ${id}, case when j % 2 = 0 then 'user' else 'assistant' end, 'Probe message ' || j,
           now() - interval '2 years' + make_interval(secs => j)
    from generate_series(0, 9) as j`);
  return id;
}

async function endpointsFor(base: string, probeId: string, hasData: boolean): Promise<Endpoints> {
  const list = '/api/owner/conversations';
  // Small sites have no later page: they read past their last page's cursor (or the probe's).
  const cursor = hasData ? await walkPages(base, LATER_PAGE) : probeCursor();
  return {
    'conversations, first page': list,
    [`conversations, page ${LATER_PAGE + 1}`]: `${list}?cursor=${cursor}`,
    [`search, rare word ("${RARE_WORD}")`]: `${list}?q=${RARE_WORD}`,
    [`search, common word ("${COMMON_WORD}")`]: `${list}?q=${COMMON_WORD}`,
    'search, a visitor e-mail': `${list}?q=visitor5000%40example`,
    'search, no match': `${list}?q=zebra-crossing`,
    'conversation transcript': `${list}/${probeId}`,
    'leads (first page of calls and of requests)': '/api/owner/leads',
    'leads, calls page 2': `/api/owner/leads/calls?cursor=${await secondPageCursor(base, '/api/owner/leads', 'nextCallsCursor')}`,
    'contact requests (first page)': '/api/owner/contact-requests',
    'contact requests CSV': '/api/owner/contact-requests.csv',
    'unanswered question groups': '/api/owner/unanswered-question-groups',
    'bookable slots (visitor)': '/api/bookings/slots',
  };
}

function probeCursor(): string {
  return Buffer.from(
    JSON.stringify(['2001-01-01 00:00:00+00', '00000000-0000-4000-8000-000000000000']),
  ).toString('base64url');
}

/** The cursor of a list's second page; a site without one reads past the probe's position. */
async function secondPageCursor(base: string, path: string, field: string): Promise<string> {
  const body = (await (await get(base, path)).json()) as Record<string, unknown>;
  const cursor = body[field];
  return typeof cursor === 'string' ? cursor : probeCursor();
}

async function walkPages(base: string, pages: number): Promise<string> {
  let cursor: string | null = null;
  for (let page = 0; page < pages; page++) {
    const query: string = cursor ? `?cursor=${cursor}` : '';
    const body = (await (await get(base, `/api/owner/conversations${query}`)).json()) as {
      nextCursor: string | null;
    };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor ?? probeCursor();
}

function get(base: string, path: string) {
  return fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
}

type Results = Map<string, Timing[]>;

async function measureAll(bases: string[], endpoints: Endpoints[]) {
  const results: Results = new Map();
  for (const name of Object.keys(endpoints[0]!)) {
    const samples: Timing[][] = bases.map(() => []);
    for (let run = 0; run < WARM_UP_RUNS + RUNS; run++) {
      for (const [side, base] of bases.entries()) {
        const timing = await timeRequest(base, endpoints[side]![name]!);
        if (run >= WARM_UP_RUNS) samples[side]!.push(timing);
      }
    }
    results.set(name, samples.map(medianTiming));
  }
  return results;
}

function medianTiming(samples: Timing[]): Timing {
  return { total: median(samples.map((s) => s.total)), firstByte: median(samples.map((s) => s.firstByte)) };
}

// The client runs in a worker thread, as it would on another machine: in the app's thread it
// could read nothing while a streamed answer keeps that thread busy.
const CLIENT_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, token }) => {
  try {
    const started = performance.now();
    const res = await fetch(url, { headers: { Authorization: 'Bearer ' + token } });
    if (!res.ok) throw new Error(url + ': ' + res.status + ' ' + (await res.text()));
    const reader = res.body.getReader();
    let firstByte = 0;
    for (;;) {
      const { done } = await reader.read();
      if (!firstByte) firstByte = performance.now() - started;
      if (done) break;
    }
    parentPort.postMessage({ total: performance.now() - started, firstByte });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});`;

let client: Worker | undefined;

async function timeRequest(base: string, path: string): Promise<Timing> {
  client ??= new Worker(CLIENT_SOURCE, { eval: true });
  const worker = client;
  worker.postMessage({ url: `${base}${path}`, token: TOKEN });
  const [reply] = (await once(worker, 'message')) as [Timing & { error?: string }];
  if (reply.error) throw new Error(reply.error);
  return reply;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printTable(driver: string, seedMs: number, results: Results) {
  console.log(
    `\ndatabase: ${driver}; busy site seeded in ${(seedMs / 1000).toFixed(1)} s; median of ${RUNS} after ${WARM_UP_RUNS} warm-up, alternating; ms`,
  );
  console.log(
    '| endpoint | empty | one page | busy | busy / empty | busy / one page | first byte busy / empty |',
  );
  console.log('|---|---|---|---|---|---|---|');
  let worst = 0;
  for (const [name, [empty, onePage, busy]] of results) {
    const ratio = busy!.total / empty!.total;
    const firstByteRatio = busy!.firstByte / empty!.firstByte;
    worst = Math.max(worst, name.includes('CSV') ? firstByteRatio : ratio);
    const cells = [empty!.total, onePage!.total, busy!.total].map((ms) => ms.toFixed(1));
    const ratios = [ratio, busy!.total / onePage!.total, firstByteRatio].map((r) => `${r.toFixed(2)}x`);
    console.log(`| ${name} | ${cells.join(' | ')} | ${ratios.join(' | ')} |`);
  }
  console.log(
    `goal <= ${GOAL_RATIO}x from empty to busy (the CSV by its first byte): ${worst <= GOAL_RATIO ? 'met' : 'MISSED'} (worst ${worst.toFixed(2)}x)`,
  );
}
