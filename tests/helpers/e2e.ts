import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fixtureOwnerDir } from './fixture-owners';

export const ROOT = path.resolve(import.meta.dirname, '../..');
// The build under test: dist/ (npm run test:e2e builds it) or DIST_DIR.
export const DIST_DIR = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist');

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Sends SIGTERM and waits for the exit; answers the exit code and keeps the data folder. */
  terminate(): Promise<number | null>;
  /** Terminates and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * The server bundle finds its packages and the migrations in the nearest node_modules and
 * migrations folders up from its own; a DIST_DIR outside the project (e.g. /tmp/dist-x) gets links
 * to the project's.
 */
function linkProjectFolders() {
  if (!path.relative(ROOT, DIST_DIR).startsWith('..')) return;
  for (const name of ['node_modules', 'migrations']) {
    const link = path.join(DIST_DIR, name);
    if (fs.existsSync(link)) continue;
    try {
      fs.symlinkSync(path.join(ROOT, name), link, 'dir');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** A port nothing listens on now, for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts the built app (dist/server.js) on a free port with a fresh embedded database, or on
 * `dataDir` to start again on an earlier server's data. It serves the alex-morgan fixture owner
 * unless `env` sets CONTENT_DIR, never the shipped content/.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<RunningServer> {
  const serverFile = path.join(DIST_DIR, 'server.js');
  if (!fs.existsSync(serverFile)) throw new Error('Run `npm run build` first.');
  linkProjectFolders();
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const child: ChildProcess = spawn(process.execPath, [serverFile], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      OPENAI_API_KEY: '',
      LOG_LEVEL: 'error',
      CONTENT_DIR: fixtureOwnerDir('alex-morgan'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const terminate = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  return {
    url,
    dataDir,
    terminate,
    async stop() {
      await terminate();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Waits until the page's server-rendered HTML is hydrated (the app marks `html[data-hydrated]`):
 * before that, a click or a keystroke on it reaches no handler.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Collects console errors and page errors so a test can assert there were none. */
export function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Saves a screenshot under test-results/ (kept by CI on failure, handy to look at locally). */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(ROOT, 'test-results', `${name}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
