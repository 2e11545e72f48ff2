import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { embeddedClusterDir } from '../../server/db/embedded';
import { conversations } from '../../shared/schema';

const ROOT = path.resolve(import.meta.dirname, '../..');
const WRITER = path.join(ROOT, 'tests/helpers/embedded-writer.ts');

/** Starts the writer, waits for `acks` acknowledged inserts, kills it with SIGKILL; returns the acked ids. */
function writeThenKill(dataDir: string, seedDir: string, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, dataDir, seedDir], { cwd: ROOT });
    const acked: string[] = [];
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('acked ')) acked.push(line.slice(6));
      if (acked.length >= acks) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve([...acked]) : reject(new Error(`writer exited on its own (${signal})`)),
    );
  });
}

/**
 * The seed `npm run build` makes (scripts/build-pglite-seed.mjs runs initdb), built once per
 * version of that script and of PGlite and kept in the temp folder, as the test snapshot is.
 */
function builtSeed(): string {
  const hash = createHash('sha256')
    .update(fs.readFileSync(path.join(ROOT, 'scripts/build-pglite-seed.mjs')))
    .update(fs.readFileSync(path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json')))
    .digest('hex')
    .slice(0, 16);
  const cached = path.join(os.tmpdir(), `pglite-test-seed-${hash}`);
  if (fs.existsSync(cached)) return cached;
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-seed-build-'));
  try {
    execFileSync(process.execPath, ['scripts/build-pglite-seed.mjs'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: build },
    });
    // Renamed in whole, so a reader never sees half; another run that got there first wins.
    fs.renameSync(path.join(build, 'pglite-seed'), cached);
  } catch (error) {
    if (!fs.existsSync(cached)) throw error;
  } finally {
    fs.rmSync(build, { recursive: true, force: true });
  }
  return cached;
}

// The embedded database only: a folder on disk, started from the build's seed cluster.
describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')('embedded database started from the seed', () => {
  let tmp: string;
  let seedDir: string;

  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
    seedDir = path.join(tmp, 'pglite-seed');
    fs.cpSync(builtSeed(), seedDir, { recursive: true });
    // A file only the seed has, to tell a copied seed from a cluster made by initdb.
    fs.writeFileSync(path.join(seedDir, 'seed-marker'), '');
  }, 120_000);

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('starts a fresh data folder from the seed and keeps every acknowledged write across kill -9', async () => {
    const dataDir = path.join(tmp, 'data');
    const acked: string[] = [];
    for (let round = 0; round < 3; round++) acked.push(...(await writeThenKill(dataDir, seedDir, 20)));

    const database = await openDatabase({ dataDir, seedDir });
    try {
      const stored = new Set(
        (await database.db.select({ id: conversations.id }).from(conversations)).map((r) => r.id),
      );
      expect(acked.length).toBeGreaterThanOrEqual(60);
      expect(acked.filter((id) => !stored.has(id))).toEqual([]);
      expect(fs.existsSync(path.join(embeddedClusterDir(dataDir), 'seed-marker'))).toBe(true);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('never copies the seed over an existing cluster', async () => {
    const dataDir = path.join(tmp, 'kept');
    const first = await openDatabase({ dataDir, seedDir });
    const [row] = await first.db.insert(conversations).values({}).returning({ id: conversations.id });
    await first.close();

    const second = await openDatabase({ dataDir, seedDir });
    try {
      const ids = (await second.db.select({ id: conversations.id }).from(conversations)).map((r) => r.id);
      expect(ids).toEqual([row!.id]);
      expect(fs.existsSync(path.join(embeddedClusterDir(dataDir), 'PG_VERSION'))).toBe(true);
    } finally {
      await second.close();
    }
  }, 60_000);
});
