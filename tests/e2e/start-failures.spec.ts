import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureOwnerDir } from '../helpers/fixture-owners';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist', 'server.js');
const OTHER_USER = 65534; // nobody: root may write any folder, so the unwritable one is tried as another user

interface Exit {
  code: number | null;
  /** stderr's lines, each parsed as JSON (a line that is not JSON fails the test). */
  lines: Array<Record<string, unknown>>;
}

/** Starts the built server with these settings and waits for it to give up. */
function startFailing(env: Record<string, string>, options: { uid?: number } = {}): Promise<Exit> {
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
      ...env,
    },
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      const lines: Exit['lines'] = [];
      for (const line of stderr.split('\n').filter(Boolean)) {
        try {
          lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          reject(new Error(`a line that is not JSON: ${line}`));
          return;
        }
      }
      resolve({ code, lines });
    }),
  );
}

/** The one line saying why the start failed. */
function failureOf({ code, lines }: Exit) {
  expect(code).toBe(1);
  const failures = lines.filter((line) => line.msg === 'failed to start');
  expect(failures).toHaveLength(1);
  return failures[0]!;
}

// Each start that cannot go on ends with one JSON line (like every other line) that names what to
// change: the folder, the port, the address, or the database's own code and message.
describe('a start that cannot go on', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-failures-'));
  afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

  it('names a data folder this user cannot write', async () => {
    const dataDir = path.join(workDir, 'data');
    fs.mkdirSync(dataDir);
    const isRoot = process.getuid?.() === 0;
    if (isRoot) fs.chmodSync(workDir, 0o755);
    else fs.chmodSync(dataDir, 0o555);
    const failure = failureOf(await startFailing({ DATA_DIR: dataDir }, isRoot ? { uid: OTHER_USER } : {}));
    expect(failure.reason).toMatch(/^The data folder .*data cannot be written by this user/);
    expect(failure.reason).toContain(dataDir);
  });

  it('names a port in use', async () => {
    const holder = net.createServer();
    const port = await new Promise<number>((resolve) =>
      holder.listen(0, '127.0.0.1', () => resolve((holder.address() as net.AddressInfo).port)),
    );
    try {
      const failure = failureOf(
        await startFailing({ PORT: String(port), DATA_DIR: path.join(workDir, 'port-in-use') }),
      );
      expect(failure.reason).toBe(
        `Port ${port} is already in use on 127.0.0.1: stop the program using it or set PORT to a free port.`,
      );
    } finally {
      holder.close();
    }
  });

  it('names an address that is not this machine', async () => {
    // TEST-NET-3 (RFC 5737): never an address of this machine.
    const failure = failureOf(
      await startFailing({ HOST: '203.0.113.7', DATA_DIR: path.join(workDir, 'bad-host') }),
    );
    expect(failure.reason).toMatch(/^HOST 203\.0\.113\.7 is not an address of this machine/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("gives the database's own code and message", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const name = `missing_${randomBytes(4).toString('hex')}`;
    url.pathname = `/${name}`;
    const failure = failureOf(await startFailing({ DATABASE_URL: url.toString() }));
    expect(failure).toMatchObject({ pgCode: '3D000', reason: `database "${name}" does not exist` });
  });
});
