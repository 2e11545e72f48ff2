import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureOwnerDir } from '../helpers/fixture-owners';

const ROOT = path.resolve(import.meta.dirname, '../..');
// The build under test: dist/ (npm run test:e2e builds it) or DIST_DIR.
const SERVER = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist', 'server.js');
const IN_FLIGHT = 200;
const CHATS = 200;
/** When SIGTERM comes during the burst of chats: the run, where 96 and 128 were reset. */
const STOP_AFTER_MS = 700;
const DRIVERS = ['embedded', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;

/** A database for the child server: a fresh PostgreSQL database, or none (embedded PGlite). */
async function createServerDatabase(
  driver: (typeof DRIVERS)[number],
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (driver !== 'postgres') return undefined;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString('hex')}`;
  const run = async (query: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(query);
    await admin.end();
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** The built server as a child process, on a fresh data folder. */
async function startServer(databaseUrl: string | undefined) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'graceful-stop-'));
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: databaseUrl ?? '',
      CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
      OPENAI_API_KEY: '',
      // The bursts open conversations and send messages from one address.
      CONVERSATION_RATE_LIMIT_PER_HOUR: '1000',
      CHAT_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const listening = output.split('\n').find((line) => line.includes('"server listening"'));
      const match = listening && /localhost:(\d+)/.exec(listening);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`server exited: ${output}`)));
  });
  return { child, exited, url: `http://127.0.0.1:${port}`, workDir };
}

/** Polls health until it answers 200 (it answers 503 until the pages are rendered). */
async function waitUntilReady(url: string) {
  await expect
    .poll(() => fetch(`${url}/api/health`).then((res) => res.status), { timeout: 30_000, interval: 20 })
    .toBe(200);
}

/** One request on `agent`, settled with its status and body, or with the socket error. */
function send(
  agent: http.Agent,
  url: string,
  options: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: string; body: string; headers: http.IncomingHttpHeaders }>((resolve) => {
    const req = http.request(url, { method: options.method ?? 'GET', agent, headers: options.headers });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: String(res.statusCode), body, headers: res.headers }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: `failed: ${error.code ?? error.message}`, body: '', headers: {} }),
    );
    req.end(options.body);
  });
}

/** A visitor's first chat: open a conversation, send a question, read the whole streamed reply. */
async function chat(agent: http.Agent, url: string): Promise<string> {
  const created = await send(agent, `${url}/api/conversations`, { method: 'POST' });
  if (created.status !== '201') return `open: ${created.status}`;
  const { id } = JSON.parse(created.body) as { id: string };
  const cookie = String(created.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const reply = await send(agent, `${url}/api/conversations/${id}/messages`, {
    method: 'POST',
    body: JSON.stringify({ content: 'Tell me about your projects' }),
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
  });
  if (reply.status !== '200') return `reply: ${reply.status}`;
  return reply.body.includes('event: done') ? 'answered' : 'reply cut short';
}

describe.each(DRIVERS)('graceful stop (%s database)', (driver) => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let workDir: string | undefined;

  beforeAll(async () => {
    database = await createServerDatabase(driver);
  });

  afterAll(async () => {
    await database?.drop();
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  });

  it(`answers all ${IN_FLIGHT} requests in flight at SIGTERM, then exits 0`, async () => {
    const server = await startServer(database?.url);
    workDir = server.workDir;

    // Half write (a new conversation), half read (the booked slots): all of them use the database.
    const agent = new http.Agent({ keepAlive: true });
    let answered = 0;
    let sent = 0;
    let markAllSent: () => void;
    const allSent = new Promise<void>((resolve) => (markAllSent = resolve));
    const outcomes = Array.from({ length: IN_FLIGHT }, (_, i) => {
      const isWrite = i % 2 === 0;
      return new Promise<string>((resolve) => {
        const req = http.request(`${server.url}/api/${isWrite ? 'conversations' : 'bookings/slots'}`, {
          method: isWrite ? 'POST' : 'GET',
          agent,
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => {
            answered += 1;
            resolve(String(res.statusCode));
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve(`failed: ${error.code ?? error.message}`));
        // 'finish': the whole request has been handed to the connection.
        req.on('finish', () => {
          if (++sent === IN_FLIGHT) markAllSent();
        });
        req.end();
      });
    });

    // SIGTERM once every request has been sent, while the server is still answering them.
    await allSent;
    const answeredBeforeStop = answered;
    server.child.kill('SIGTERM');
    const stoppedAt = Date.now();
    const exitOrLimit = Promise.race([
      server.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('still running after 10 s'), 10_000)),
    ]);

    const statuses = await Promise.all(outcomes);
    const counts: Record<string, number> = {};
    for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
    const exitCode = await exitOrLimit;
    console.info(
      `graceful stop: ${answeredBeforeStop} answered before SIGTERM, exit ${exitCode} after ${Date.now() - stoppedAt} ms`,
      counts,
    );

    expect(answeredBeforeStop).toBeLessThan(IN_FLIGHT);
    expect(counts).toEqual({ '200': IN_FLIGHT / 2, '201': IN_FLIGHT / 2 });
    expect(exitCode).toBe(0);
    agent.destroy();
    server.child.kill('SIGKILL');
  }, 60_000);

  it(`answers every one of ${CHATS} new chats when SIGTERM comes ${STOP_AFTER_MS} ms into the burst, health saying 503 meanwhile`, async () => {
    const server = await startServer(database?.url);
    workDir = server.workDir;
    // Ready means a page can be served: the first one does not wait for the pages to render.
    await waitUntilReady(server.url);
    const pageStart = Date.now();
    const page = await fetch(server.url);
    await page.text();
    const firstPageMs = Date.now() - pageStart;
    expect(page.status).toBe(200);
    expect.soft(firstPageMs).toBeLessThan(1_000);

    const agent = new http.Agent({ keepAlive: true });
    const outcomes = Array.from({ length: CHATS }, () => chat(agent, server.url));
    await new Promise((resolve) => setTimeout(resolve, STOP_AFTER_MS));
    server.child.kill('SIGTERM');
    const stoppedAt = Date.now();
    // A health check during the drain: a load balancer must hear "not ready", not wait.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await send(new http.Agent(), `${server.url}/api/health`);

    const counts: Record<string, number> = {};
    for (const outcome of await Promise.all(outcomes)) counts[outcome] = (counts[outcome] ?? 0) + 1;
    const exitCode = await server.exited;
    console.info(
      `chat burst: first page ${firstPageMs} ms after ready; health during the drain ${health.status}; exit ${exitCode} after ${Date.now() - stoppedAt} ms`,
      counts,
    );

    expect.soft(health.status).toBe('503');
    if (health.status === '503') expect(JSON.parse(health.body)).toMatchObject({ status: 'stopping' });
    expect(counts).toEqual({ answered: CHATS });
    expect(exitCode).toBe(0);
    agent.destroy();
  }, 120_000);
});
