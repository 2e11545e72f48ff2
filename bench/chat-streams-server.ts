// The server side of the chat-streams bench, in a child process of its own so its CPU time is
// measured alone: the app (`app`, on PGlite in a data folder as `npm start` runs it, or on
// PostgreSQL as TEST_DB_DRIVER says) or the floor it is held to (`relay`: bare node:http relaying
// the same fake model's stream as the same `delta` events, with no database, framework or SDK). Talks to the bench over IPC: sends `{port}` once
// listening; answers `cpu-start` / `cpu-stop` (CPU microseconds, peak RSS and the app's database
// statements since the start).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { createApp } from '../server/app';
import { relayModel } from './bare-reply-server';
import { openDatabase } from '../server/db/client';
import { parseEnv } from '../server/env';
import { Lifecycle } from '../server/lib/lifecycle';
import { setLogLevel } from '../server/lib/logger';
import { loadContent } from '../server/services/content/load-content';
import { createTestDatabase } from '../tests/helpers/test-db';
import { fixtureOwnerDir } from '../tests/helpers/fixture-owners';

const [mode, modelUrl] = process.argv.slice(2) as ['app' | 'relay', string];

async function startApp() {
  setLogLevel('silent');
  const parsed = parseEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: modelUrl,
    // Each stream comes from its own address (X-Forwarded-For), as visitors do.
    TRUST_PROXY: '1',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    CONVERSATION_RATE_LIMIT_PER_HOUR: '100000',
    LLM_DAILY_TOKEN_BUDGET: '1000000000',
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const database =
    process.env.TEST_DB_DRIVER === 'postgres' ? await createTestDatabase() : await openEmbedded();
  countStatements(database.db);
  const lifecycle = new Lifecycle();
  const app = createApp({
    env: parsed.env,
    database,
    content: await loadContent(parsed.env.CONTENT_DIR),
    lifecycle,
    now: () => new Date(),
  });
  const server = http.createServer(app);
  return {
    server,
    async stop() {
      await lifecycle.stop();
      await database.close();
    },
  };
}

/**
 * The embedded database as `npm start` opens it: a data folder of its own, copied from the built
 * seed cluster when there is one. One in memory (`memory://`) holds about 400 MB more, which the
 * bench's peak RSS would have counted as the app's.
 */
async function openEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-streams-'));
  const seedDir = path.resolve(import.meta.dirname, '..', 'dist', 'pglite-seed');
  const handle = await openDatabase({ dataDir, seedDir: fs.existsSync(seedDir) ? seedDir : undefined });
  return {
    ...handle,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// Statements sent to the database: how well a burst's statements were batched (decision 021).
let statements = 0;
function countStatements(db: object) {
  // drizzle's client: PGlite, or the PostgreSQL pool. The pool's first-in-line handle inherits
  // `query` and calls it on itself, so the count keeps `this`: that handle's `connect` must still run.
  type Query = (this: unknown, ...args: unknown[]) => unknown;
  const client = (db as { $client: { query: Query } }).$client;
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
}

/** The floor: one upstream request per message, each model chunk's text sent on as a `delta`. */
function startRelay() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const server = http.createServer((req, res) => {
    // A visitor's connection opened before the round (warm connections).
    if (req.url === '/warm') return void res.writeHead(204).end();
    req.resume();
    req.on('end', () => relayModel(agent, modelUrl, [{ role: 'user', content: 'hi' }], res));
  });
  return { server, stop: async () => agent.destroy() };
}

const started = mode === 'app' ? await startApp() : startRelay();
started.server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => started.server.listen(0, '127.0.0.1', resolve));

// CHAT_STREAMS_PROFILE_DIR=dir writes a CPU profile of each measured wave to dir/app and dir/relay;
// CHAT_STREAMS_HEAP=1 adds a sampling heap profile of everything allocated in the wave, garbage
// included (what the young generation's collections pay for).
const profileDir =
  process.env.CHAT_STREAMS_PROFILE_DIR && path.join(process.env.CHAT_STREAMS_PROFILE_DIR, mode);
const isHeapSampled = Boolean(profileDir && process.env.CHAT_STREAMS_HEAP);
const profiler = profileDir ? new Session() : undefined;
profiler?.connect();
let profiles = 0;

let cpuFrom = process.cpuUsage();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
process.on('message', (message: string) => void answer(message));

async function answer(message: string) {
  if (message === 'cpu-start') {
    await profiler?.post('Profiler.enable');
    await profiler?.post('Profiler.start');
    if (isHeapSampled) {
      await profiler?.post('HeapProfiler.startSampling', {
        samplingInterval: 4096,
        includeObjectsCollectedByMinorGC: true,
        includeObjectsCollectedByMajorGC: true,
      });
    }
    cpuFrom = process.cpuUsage();
    peakRss = process.memoryUsage.rss();
    statements = 0;
    process.send!({ ok: true });
  } else if (message === 'cpu-stop') {
    const used = process.cpuUsage(cpuFrom);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.mkdirSync(profileDir!, { recursive: true });
      const name = `${profileDir}/${mode}-${process.pid}-${++profiles}`;
      fs.writeFileSync(`${name}.cpuprofile`, JSON.stringify(profile));
      if (isHeapSampled) {
        const heap = await profiler.post('HeapProfiler.stopSampling');
        fs.writeFileSync(`${name}.heapprofile`, JSON.stringify(heap.profile));
      }
    }
    process.send!({ cpuMicros: used.user + used.system, peakRss, statements });
  } else if (message === 'stop') {
    clearInterval(sampler);
    started.server.closeAllConnections();
    started.server.close();
    void started.stop().then(() => process.exit(0));
  }
}
process.send!({ port: (started.server.address() as AddressInfo).port });
