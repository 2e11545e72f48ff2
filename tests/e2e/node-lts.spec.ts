import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pickFullDate } from '../helpers/booking-limits';
import { ROOT, freePort } from '../helpers/e2e';
import { fixtureOwnerDir } from '../helpers/fixture-owners';

// The image runs the Node release its Dockerfile pins, not the Node this suite runs on (20). No
// image can be pulled or built here, so this test does what the image's three stages do, on that
// release taken from the npm registry's `node-linux-<arch>` package: build the app, install the
// production dependencies, start the server as the image's CMD does on a fresh embedded database,
// and use it: health, a chat reply, a booking.

const DOCKERFILE = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
/** The npm the suite runs with, started by the other Node: the image's npm is npm 11 too. */
const NPM_CLI = path.join(
  execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(),
  'npm',
  'bin',
  'npm-cli.js',
);

/** The version in every `FROM node:X-slim` of the Dockerfile. */
function readImageNodeVersions(): string[] {
  return [...DOCKERFILE.matchAll(/^FROM node:(\S+)/gm)].map((match) => match[1]!);
}

/** The runtime stage's command, e.g. ["node", "--max-semi-space-size=4", "dist/server.js"]. */
function readImageCommand(): string[] {
  const cmd = /^CMD (\[.*\])$/m.exec(DOCKERFILE)?.[1];
  if (!cmd) throw new Error('the Dockerfile has no CMD ["node", ...]');
  return JSON.parse(cmd) as string[];
}

/**
 * That Node's binary, installed once into node_modules/.cache/node-<version> (reused by later
 * runs; a fresh `npm ci` clears it). Installed beside it first and renamed, so two runs never
 * see half a download.
 */
function installNode(version: string): string {
  const dir = path.join(ROOT, 'node_modules', '.cache', `node-${version}`);
  const pkg = `node-linux-${process.arch}`;
  const binaryIn = (prefix: string) => path.join(prefix, 'node_modules', pkg, 'bin', 'node');
  if (!fs.existsSync(binaryIn(dir))) {
    // A fresh clone has no node_modules/.cache yet.
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const staging = fs.mkdtempSync(`${dir}-`);
    execFileSync('npm', ['install', '--prefix', staging, `${pkg}@${version}`, '--no-audit', '--no-fund'], {
      stdio: 'ignore',
    });
    try {
      fs.renameSync(staging, dir);
    } catch (error) {
      // Another run installed it meanwhile.
      fs.rmSync(staging, { recursive: true, force: true });
      if (!fs.existsSync(binaryIn(dir))) throw error;
    }
  }
  return binaryIn(dir);
}

/** Runs npm with this Node (first on PATH, so the scripts npm starts use it too). */
function runNpm(node: string, args: string[], options: { cwd: string; env?: Record<string, string> }) {
  execFileSync(node, [NPM_CLI, ...args, '--no-audit', '--no-fund'], {
    cwd: options.cwd,
    // Nothing of the suite's own environment (NODE_ENV=test would build React for development).
    env: {
      PATH: `${path.dirname(node)}:${process.env.PATH ?? ''}`,
      HOME: process.env.HOME ?? os.homedir(),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

describe('the app on the Node release the image pins', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'node-lts-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  it('pins one supported LTS release, of at least Node 24, in every stage', () => {
    const versions = readImageNodeVersions();
    expect(versions).toHaveLength(3);
    expect(new Set(versions).size).toBe(1);
    const match = /^(\d+)\.\d+\.\d+-slim$/.exec(versions[0]!);
    expect(match, `FROM node:${versions[0]} is not an exact release`).not.toBeNull();
    const major = Number(match![1]);
    expect(major).toBeGreaterThanOrEqual(24);
    // Even majors become LTS; odd ones never do.
    expect(major % 2).toBe(0);
  });

  it('builds, installs its production dependencies, starts and serves a chat and a booking', async () => {
    const version = readImageNodeVersions()[0]!.replace(/-slim$/, '');
    const node = installNode(version);
    expect(execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${version}`);

    // Stage 1: the build, on this project's installed dependencies (their native parts are
    // Node-API modules, the same for every Node release).
    const distDir = path.join(work, 'dist');
    runNpm(node, ['run', 'build'], { cwd: ROOT, env: { DIST_DIR: distDir } });

    // Stages 2 and 3: what the runtime stage copies, and production dependencies only.
    const app = path.join(work, 'app');
    fs.mkdirSync(app);
    for (const file of [...DOCKERFILE.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((m) => m[1]!)) {
      const from =
        file === 'dist'
          ? distDir
          : file === 'content'
            ? fixtureOwnerDir('alex-morgan')
            : path.join(ROOT, file);
      fs.cpSync(from, path.join(app, file), { recursive: true });
    }
    fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(app, 'package-lock.json'));
    runNpm(node, ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline'], { cwd: app });
    expect(fs.existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false);

    const [command, ...args] = readImageCommand();
    expect(command).toBe('node');
    const port = await freePort();
    const child = spawn(node, args, {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(app, 'data'),
        CONTENT_DIR: path.join(app, 'content'),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const url = `http://127.0.0.1:${port}`;
    try {
      const health = () =>
        child.exitCode === null
          ? fetch(`${url}/api/health`).then(
              (res) => res.status,
              () => undefined,
            )
          : Promise.resolve('exited');
      await expect
        .poll(health, { timeout: 30_000, interval: 100 })
        .toSatisfy((status) => status === 200 || status === 'exited');
      expect(child.exitCode, stderr).toBeNull();
      expect(await health(), stderr).toBe(200);

      // A chat reply (the offline clone: no model is configured).
      const created = await fetch(`${url}/api/conversations`, { method: 'POST' });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const browserKey = created.headers.getSetCookie().find((c) => c.startsWith('browser_key='))!;
      const sent = await fetch(`${url}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: browserKey.split(';')[0]! },
        body: JSON.stringify({ content: 'What services do you offer?' }),
      });
      expect(sent.status).toBe(200);
      const reply = (await sent.json()) as { assistantMessage: { role: string; content: string } };
      expect(reply.assistantMessage.role).toBe('assistant');
      expect(reply.assistantMessage.content.length).toBeGreaterThan(20);

      // A booking: a free slot is taken, and then listed as booked.
      const slots = await fetch(`${url}/api/bookings/slots`);
      expect(slots.status).toBe(200);
      expect(await slots.json()).toEqual([]);
      const date = pickFullDate('America/New_York', 1);
      const booked = await fetch(`${url}/api/contact-requests`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fullName: 'Node Visitor',
          phoneNumber: '+1 617 555 0100',
          email: 'node.visitor@example.com',
          scheduledDate: date,
          scheduledTime: '10:00',
        }),
      });
      expect(booked.status, await booked.clone().text()).toBe(201);
      expect(await (await fetch(`${url}/api/bookings/slots`)).json()).toEqual([{ date, time: '10:00' }]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
    expect(child.exitCode, stderr).toBe(0);
  }, 300_000);
});
