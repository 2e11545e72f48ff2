import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_DIR, ROOT, freePort } from '../helpers/e2e';
import { fixtureOwnerDir } from '../helpers/fixture-owners';

/** Dates every file under `entry` back to 1970, so the build under test counts as newer. */
function makeOld(entry: string) {
  if (fs.statSync(entry).isDirectory())
    for (const name of fs.readdirSync(entry)) makeOld(path.join(entry, name));
  fs.utimesSync(entry, 1, 1);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// `npm start` as an owner or a process manager runs it: a folder with the package file, the
// scripts and a build (no sources, so the start does not build), stopped with SIGTERM sent to npm.
describe('npm start', () => {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  let group: number | undefined;
  afterAll(() => {
    // Whatever the outcome, nothing this test started keeps running.
    if (group && isAlive(-group)) process.kill(-group, 'SIGKILL');
    fs.rmSync(app, { recursive: true, force: true });
  });

  it('passes SIGTERM to the server, which stops, frees the port, and npm exits with its code', async () => {
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
    fs.cpSync(path.join(ROOT, 'scripts'), path.join(app, 'scripts'), { recursive: true });
    makeOld(path.join(app, 'package.json'));
    makeOld(path.join(app, 'scripts'));
    fs.symlinkSync(DIST_DIR, path.join(app, 'dist'), 'dir');
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'), 'dir');
    fs.symlinkSync(path.join(ROOT, 'migrations'), path.join(app, 'migrations'), 'dir');

    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: app,
      // Its own process group, so that the test can clean up after a server npm left behind.
      detached: true,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(app, 'data'),
        CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    group = npm.pid!;
    let output = '';
    npm.stdout.on('data', (chunk) => (output += chunk));
    npm.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      npm.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const health = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.status,
        () => 'refused',
      );
    await expect.poll(health, { timeout: 60_000, interval: 200 }).toBe(200);
    expect(output).not.toContain('Building the app');

    npm.kill('SIGTERM');
    const exit = await Promise.race([
      exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('npm still running after 30 s'), 30_000)),
    ]);
    expect(exit, output).toEqual({ code: 0, signal: null });
    // Nothing keeps the port, and no process of the group is left.
    expect(await health()).toBe('refused');
    await expect.poll(() => isAlive(-group!), { timeout: 5_000 }).toBe(false);
  }, 120_000);
});
