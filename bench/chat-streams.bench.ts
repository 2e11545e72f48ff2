// Many visitors chatting at once: 50, 200 and 500 streaming chats started together against the
// app, and against a bare Node relay of the same fake model stream (the floor) in the same run,
// alternating. A fake OpenAI-compatible model streams 50 words 20 ms apart. Each server runs in a
// child process of its own (bench/chat-streams-server.ts), so its CPU time is its own; the load
// and the fake model run in this process. Per level, median of 3 rounds (range in brackets):
// - the slowest 1% time to the first word (request sent to the first `delta` event): goal at 200
//   streams <= 1.5x the relay;
// - CPU time per chat of the server process: goal at 200 streams <= 2x the relay;
// - the server's peak RSS;
// - the app's database statements per chat (how well the burst's statements were batched).
// Each message goes on the connection its visitor's last request left open (warm); at 200, also on
// a connection of its own (fresh; see measuredLevels).
// Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. The app's Node flags are
// package.json's `start` flags; CHAT_STREAMS_NODE_FLAGS="..." replaces them (an A/B of the flags).
// `npm run bench chat-streams`; CHAT_STREAMS_LEVELS=200 runs one level, CHAT_STREAMS_DRIVERS=postgres
// one database, CHAT_STREAMS_ROUNDS=6 more rounds (the spread between rounds is wide on a shared
// machine), CHAT_STREAMS_WORDS=1 a one-word reply (a chat's fixed cost), CHAT_STREAMS_PROFILE_DIR=dir
// writes a CPU profile of each server in each measured wave (CHAT_STREAMS_HEAP=1: a heap profile too).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startFakeModel } from './fake-model-worker';
import { START_FLAGS, startEnv } from './start-command';

const LEVELS = (process.env.CHAT_STREAMS_LEVELS ?? '50,200,500').split(',').map(Number);
const ROUNDS = Number(process.env.CHAT_STREAMS_ROUNDS ?? 3);
/** Streams measured per round at least: small levels run several waves. */
const SAMPLES_PER_ROUND = 200;
const WORDS = Number(process.env.CHAT_STREAMS_WORDS ?? 50);
const WORD_GAP_MS = 20;
const GOALS = { firstWord: 1.5, cpu: 2 };
const REPLY = Array.from({ length: WORDS }, (_, index) => `word${index + 1}`).join(' ');

interface Round {
  p99FirstWordMs: number;
  cpuPerChatMs: number;
  peakRssMb: number;
  /** The app's database statements per chat (the relay has none). */
  statementsPerChat: number;
  errors: number;
}

export default async function chatStreamsBench() {
  const fake = await startFakeModel({ kind: 'reply', text: REPLY, chunkDelayMs: WORD_GAP_MS });
  try {
    const drivers = (
      process.env.CHAT_STREAMS_DRIVERS ?? (process.env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')
    ).split(',');
    if (!process.env.TEST_DATABASE_URL) console.log('TEST_DATABASE_URL is not set: PostgreSQL is skipped');
    console.log(`app node flags: ${appNodeFlags().join(' ') || '(none)'}`);
    for (const driver of drivers) await benchDriver(driver, fake.url);
  } finally {
    await fake.close();
  }
}

async function benchDriver(driver: string, modelUrl: string) {
  const relay = await startServer('relay', modelUrl, [], {});
  const app = await startServer('app', modelUrl, appNodeFlags(), { ...startEnv(), TEST_DB_DRIVER: driver });
  try {
    console.log(
      `\ndatabase: ${driver}; ${WORDS} words ${WORD_GAP_MS} ms apart; median of ${ROUNDS} rounds [range]`,
    );
    for (const [level, connections] of measuredLevels()) {
      const rounds = { relay: [] as Round[], app: [] as Round[] };
      for (let round = 0; round < ROUNDS; round++) {
        rounds.relay.push(await runRound(relay, level, connections, false));
        rounds.app.push(await runRound(app, level, connections, true));
      }
      printLevel(level, connections, rounds);
    }
  } finally {
    await Promise.all([relay.stop(), app.stop()]);
  }
}

type Connections = 'warm' | 'fresh';

/**
 * `warm`: a visitor's message goes on the connection its last request left open, as a browser's
 * does within the server's keep-alive time, or a proxy in front that keeps its connections.
 * `fresh`: each message opens a connection of its own, as after a longer pause on a site served
 * without a proxy. A busy server takes new connections slowly: libuv accepts one per turn of its
 * loop, so at 200 the slowest first words wait in the kernel's queue. Every level runs warm, and
 * the goal's level fresh too (CHAT_STREAMS_CONNECTIONS=warm or fresh runs one kind).
 */
function measuredLevels(): Array<[number, Connections]> {
  const kinds = (process.env.CHAT_STREAMS_CONNECTIONS ?? 'warm,fresh').split(',');
  return [
    ...(kinds.includes('warm') ? LEVELS.map((level): [number, Connections] => [level, 'warm']) : []),
    ...(kinds.includes('fresh') ? LEVELS.filter((level) => level === 200 || kinds.length === 1) : []).map(
      (level): [number, Connections] => [level, 'fresh'],
    ),
  ];
}

function printLevel(level: number, connections: Connections, rounds: { relay: Round[]; app: Round[] }) {
  const figure = (key: keyof Round, unit: string, digits: number) => {
    const [relay, app] = [rounds.relay, rounds.app].map((list) => list.map((round) => round[key]));
    const show = (values: number[]) =>
      `${median(values).toFixed(digits)} ${unit} [${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}]`;
    const ratios = rounds.app.map((round, index) => round[key] / rounds.relay[index]![key]);
    return { text: `app ${show(app!)} vs relay ${show(relay!)}`, ratio: median(ratios) };
  };
  const firstWord = figure('p99FirstWordMs', 'ms', 0);
  const cpu = figure('cpuPerChatMs', 'ms', 1);
  const rss = figure('peakRssMb', 'MB', 0);
  const errors = (list: Round[]) => list.reduce((sum, round) => sum + round.errors, 0);
  const goal = (ratio: number, limit: number) =>
    level === 200 ? ` (goal <= ${limit}x: ${ratio <= limit ? 'met' : 'MISSED'})` : '';
  console.log(`${level} streams, ${connections} connections:`);
  console.log(
    `  slowest 1% first word: ${firstWord.text}: ${firstWord.ratio.toFixed(2)}x${goal(firstWord.ratio, GOALS.firstWord)}`,
  );
  console.log(`  CPU per chat:          ${cpu.text}: ${cpu.ratio.toFixed(2)}x${goal(cpu.ratio, GOALS.cpu)}`);
  console.log(`  peak RSS:              ${rss.text}: ${rss.ratio.toFixed(2)}x`);
  console.log(`  errors:                app ${errors(rounds.app)}, relay ${errors(rounds.relay)}`);
  // Fewer when a burst's statements are batched; about 5 when none are (decision 021).
  const statements = rounds.app.map((round) => round.statementsPerChat.toFixed(1));
  console.log(`  database statements per chat, each round: ${statements.join(', ')}`);
}

/** package.json's start flags (what ships), unless CHAT_STREAMS_NODE_FLAGS says otherwise. */
function appNodeFlags(): string[] {
  const override = process.env.CHAT_STREAMS_NODE_FLAGS;
  return override !== undefined ? override.split(' ').filter(Boolean) : START_FLAGS;
}

interface BenchServer {
  port: number;
  ask<T>(message: string): Promise<T>;
  stop(): Promise<void>;
}

async function startServer(
  mode: 'app' | 'relay',
  modelUrl: string,
  nodeFlags: string[],
  env: Record<string, string>,
): Promise<BenchServer> {
  const child: ChildProcess = fork(
    path.join(import.meta.dirname, 'chat-streams-server.ts'),
    [mode, modelUrl],
    {
      execArgv: [...nodeFlags, '--import', 'tsx'],
      env: { ...process.env, ...env },
    },
  );
  // A server that dies fails the bench with its exit code, rather than leaving a question unanswered.
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`the ${mode} server exited (${signal ?? code})`);
  });
  exited.catch(() => undefined);
  const [{ port }] = (await Promise.race([once(child, 'message'), exited])) as [{ port: number }];
  return {
    port,
    async ask<T>(message: string) {
      const answer = once(child, 'message');
      child.send(message);
      return (await Promise.race([answer, exited]))[0] as T;
    },
    async stop() {
      if (!child.connected) return;
      child.send('stop');
      await once(child, 'exit');
    },
  };
}

let nextAddress = 0;
/** A visitor of its own: a distinct client address, as the app's rate limits and logs see it. */
function visitorAddress(): string {
  nextAddress++;
  return `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
}

async function runRound(
  server: BenchServer,
  level: number,
  connections: Connections,
  isApp: boolean,
): Promise<Round> {
  const waves = Math.max(1, Math.ceil(SAMPLES_PER_ROUND / level));
  const firstWords: number[] = [];
  let errors = 0;
  let cpuMicros = 0;
  let peakRss = 0;
  let statements = 0;
  for (let wave = 0; wave < waves; wave++) {
    const visitors = await (isApp ? createConversations : relayVisitors)(server.port, level, connections);
    await server.ask('cpu-start');
    const results = await Promise.all(visitors.map((visitor) => streamChat(server.port, visitor)));
    const used = await server.ask<{ cpuMicros: number; peakRss: number; statements?: number }>('cpu-stop');
    cpuMicros += used.cpuMicros;
    statements += used.statements ?? 0;
    peakRss = Math.max(peakRss, used.peakRss);
    for (const visitor of visitors) visitor.agent?.destroy();
    for (const result of results) {
      if (result.firstWordMs !== undefined) firstWords.push(result.firstWordMs);
      else if (errors++ === 0) console.log(`  first error: ${result.error ?? 'no delta'}`);
    }
  }
  return {
    p99FirstWordMs: percentile(firstWords, 99),
    cpuPerChatMs: cpuMicros / 1000 / (waves * level),
    peakRssMb: peakRss / 1e6,
    statementsPerChat: statements / (waves * level),
    errors,
  };
}

interface Visitor {
  path: string;
  address: string;
  cookie?: string;
  /** The visitor's own connection, kept open from their last request (warm connections only). */
  agent?: http.Agent;
}

const visitorAgent = (connections: Connections) =>
  connections === 'warm' ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : undefined;

/** The relay's visitors, their connections opened by a request the relay answers at once. */
async function relayVisitors(port: number, count: number, connections: Connections): Promise<Visitor[]> {
  const visitors = Array.from({ length: count }, () => ({
    path: '/relay',
    address: visitorAddress(),
    agent: visitorAgent(connections),
  }));
  await inBatches(visitors, async (visitor) => {
    if (visitor.agent) await send(port, visitor, 'GET', '/warm');
  });
  return visitors;
}

/** A request on the visitor's connection; its status, body and headers. */
function send(port: number, visitor: Visitor, method: string, path: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method,
          agent: visitor.agent ?? false,
          headers: { 'X-Forwarded-For': visitor.address },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (text: string) => (body += text));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

/** Runs `task` for every item, 16 at a time. */
async function inBatches<T>(items: T[], task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** Each visitor's conversation, opened before the round (not measured), a few at a time. */
async function createConversations(
  port: number,
  count: number,
  connections: Connections,
): Promise<Visitor[]> {
  const visitors: Visitor[] = Array.from({ length: count }, () => ({
    path: '',
    address: visitorAddress(),
    agent: visitorAgent(connections),
  }));
  await inBatches(visitors, async (visitor) => {
    const { status, body, headers } = await send(port, visitor, 'POST', '/api/conversations');
    if (status !== 201) throw new Error(`creating a conversation answered ${status}`);
    visitor.path = `/api/conversations/${(JSON.parse(body) as { id: string }).id}/messages`;
    visitor.cookie = (headers['set-cookie']?.[0] ?? '').split(';')[0];
  });
  return visitors;
}

const STALLED_STREAM_MS = 30_000;
const MESSAGE = JSON.stringify({ content: 'How do you approach cloud architecture for AI workloads?' });

/** One chat message sent as a browser does; the time to its first word, undefined on failure. */
function streamChat(port: number, visitor: Visitor): Promise<{ firstWordMs?: number; error?: string }> {
  return new Promise((resolve) => {
    const sentAt = performance.now();
    let firstWordMs: number | undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: visitor.path,
        method: 'POST',
        agent: visitor.agent ?? false,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          'X-Forwarded-For': visitor.address,
          ...(visitor.cookie && { Cookie: visitor.cookie }),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        let tail = '';
        let isDone = false;
        let error = res.statusCode === 200 ? undefined : `status ${res.statusCode}`;
        res.on('data', (text: string) => {
          const seen = tail + text;
          if (firstWordMs === undefined && seen.includes('event: delta'))
            firstWordMs = performance.now() - sentAt;
          if (seen.includes('event: done')) isDone = true;
          if (seen.includes('event: error')) error ??= seen.slice(seen.indexOf('event: error'), 200);
          if (res.statusCode !== 200) error += ` ${text.slice(0, 120)}`;
          tail = seen.slice(-16);
        });
        res.on('end', () =>
          isDone && !error
            ? resolve({ firstWordMs })
            : resolve({ error: error ?? 'stream ended without done' }),
        );
        res.on('error', (failure) => resolve({ error: failure.message }));
      },
    );
    req.on('error', (failure) => resolve({ error: failure.message }));
    // A stream that stalls fails the chat instead of holding the round (and the bench) forever.
    req.setTimeout(STALLED_STREAM_MS, () => req.destroy(new Error(`no data for ${STALLED_STREAM_MS} ms`)));
    req.end(MESSAGE);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function median(values: number[]): number {
  return percentile(values, 50);
}
