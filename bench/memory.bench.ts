// Memory of the whole built site (`npm start` runs it in one process): the peak of a first start
// on a fresh data folder, the peak of a restart, and the idle PSS after 50 chat messages; with
// TEST_DATABASE_URL, the idle RSS on PostgreSQL too. Each figure is printed against its goal and
// against a bare Node process measured in the same run (the anchor). Needs `npm run build`.
// `npm run bench memory`.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { START_FLAGS, startEnv } from './start-command';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, process.env.DIST_DIR ?? 'dist', 'server.js');
const MESSAGES = 50;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

function readKb(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  const text = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/${file}`);
  return Number(match[1]);
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not become healthy');
}

interface Run {
  peakKb: number;
  idleRssKb: number;
  idlePssKb: number;
}

/** Starts the built server, sends MESSAGES chat messages, lets it settle, reads its memory, stops it. */
async function runSite(env: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...START_FLAGS, SERVER], {
    cwd: ROOT,
    // The Node flags and variables `npm start` runs the server with.
    env: {
      ...process.env,
      ...startEnv(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      CHAT_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(base, child);
    const conversation = (await (await fetch(`${base}/api/conversations`, { method: 'POST' })).json()) as {
      id: string;
    };
    for (let i = 0; i < MESSAGES; i++) {
      const response = await fetch(`${base}/api/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: `What would a project like number ${i} cost?` }),
      });
      await response.text();
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const pid = child.pid!;
    return {
      peakKb: readKb(pid, 'status', 'VmHWM'),
      idleRssKb: readKb(pid, 'status', 'VmRSS'),
      idlePssKb: readKb(pid, 'smaps_rollup', 'Pss'),
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** The anchor: a bare Node process, idle. */
async function bareNodeKb(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const kb = readKb(child.pid!, 'status', 'VmRSS');
  child.kill();
  return kb;
}

async function withScratchDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_memory_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await use(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

export default async function memoryBench() {
  if (!fs.existsSync(SERVER))
    throw new Error(`${path.relative(ROOT, SERVER)} is missing: run \`npm run build\` first.`);
  const anchor = await bareNodeKb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  try {
    const first = await runSite({ DATA_DIR: dataDir });
    const restart = await runSite({ DATA_DIR: dataDir });
    const rows: [string, number, number][] = [
      ['embedded: first start, peak', first.peakKb, 400],
      ['embedded: restart, peak', restart.peakKb, 400],
      [`embedded: idle PSS after ${MESSAGES} messages`, restart.idlePssKb, 300],
    ];
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const onPostgres = await withScratchDatabase(adminUrl, (url) => runSite({ DATABASE_URL: url }));
      rows.push([`PostgreSQL: idle RSS after ${MESSAGES} messages`, onPostgres.idleRssKb, 90]);
    } else {
      console.log('(set TEST_DATABASE_URL to measure the site on PostgreSQL too)');
    }
    console.log(`anchor: a bare Node process idles at ${mb(anchor)} RSS`);
    console.log('| figure | measured | goal | x goal | x bare Node |');
    console.log('|---|---|---|---|---|');
    for (const [label, kb, goalMb] of rows) {
      const ratio = (kb / 1024 / goalMb).toFixed(2);
      console.log(`| ${label} | ${mb(kb)} | ${goalMb} MB | ${ratio} | ${(kb / anchor).toFixed(1)} |`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
