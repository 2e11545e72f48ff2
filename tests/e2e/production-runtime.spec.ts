import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST_DIR, ROOT, freePort } from '../helpers/e2e';
import { fixtureOwnerDir } from '../helpers/fixture-owners';

/** What the Dockerfile's runtime stage copies from the build stage: `COPY --from=build /app/X ./X`. */
function runtimeFiles(): string[] {
  const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  return [...dockerfile.matchAll(/^COPY --from=build \/app\/(\S+) /gm)].map((match) => match[1]!);
}

// Images cannot be pulled here, so the container's runtime contract is checked without Docker:
// the runtime stage's files in an empty folder, production dependencies only, started as the
// container starts it: by a user other than the one who built it (the image builds as root and
// runs as `node`), on an empty data folder that user owns. A runtime import of a dev dependency,
// or a built file only its builder can read, fails this test.
const RUNTIME_USER = 65534; // nobody
describe('the production runtime, as the container runs it', () => {
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-'));
  afterAll(() => fs.rmSync(app, { recursive: true, force: true }));

  it('starts with production dependencies only and answers health and the page', async () => {
    const files = runtimeFiles();
    expect(files).toEqual(expect.arrayContaining(['dist', 'migrations', 'content', 'package.json']));
    // The image ships content/ and reads it from there (CONTENT_DIR=/app/content); a fixture owner
    // stands in for it, so the check holds whoever the shipped content/ belongs to.
    const sourceOf = (file: string) =>
      file === 'dist'
        ? DIST_DIR
        : file === 'content'
          ? fixtureOwnerDir('alex-morgan')
          : path.join(ROOT, file);
    for (const file of files) {
      const from = sourceOf(file);
      fs.cpSync(from, path.join(app, file), { recursive: true });
    }
    fs.copyFileSync(path.join(ROOT, 'package-lock.json'), path.join(app, 'package-lock.json'));
    execFileSync(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
      {
        cwd: app,
        stdio: 'ignore',
      },
    );
    expect(fs.existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false);

    const dataDir = path.join(app, 'data');
    fs.mkdirSync(dataDir);
    const asOtherUser = process.getuid?.() === 0;
    if (asOtherUser) {
      fs.chmodSync(app, 0o755);
      fs.chownSync(dataDir, RUNTIME_USER, RUNTIME_USER);
    }

    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server.js'], {
      cwd: app,
      ...(asOtherUser ? { uid: RUNTIME_USER, gid: RUNTIME_USER } : {}),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        CONTENT_DIR: path.join(app, 'content'),
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      // Ready, or exited: either ends the wait.
      const health = () =>
        child.exitCode === null
          ? fetch(`http://127.0.0.1:${port}/api/health`).then(
              (res) => res.status,
              () => undefined,
            )
          : Promise.resolve('exited');
      await expect
        .poll(health, { timeout: 30_000, interval: 100 })
        .toSatisfy((s) => s === 200 || s === 'exited');
      expect(child.exitCode, stderr).toBeNull();
      expect(await health(), stderr).toBe(200);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
      // The cluster is the runtime user's alone: it holds visitors' data.
      const cluster = fs.statSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
      expect(cluster.mode & 0o077).toBe(0);
      if (asOtherUser) expect(cluster.uid).toBe(RUNTIME_USER);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }
  }, 180_000);
});
