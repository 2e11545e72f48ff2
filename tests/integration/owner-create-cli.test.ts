import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCreateOwner } from '../../server/cli/create-owner-command';
import { openDatabase } from '../../server/db/client';
import { parseEnv } from '../../server/env';
import { verifyPassword } from '../../server/services/owner/passwords';
import { users } from '../../shared/schema';

// `npm run owner:create` as an owner (or a deploy script) runs it: the answers arrive on stdin.
// One case runs the real process; the others call the command it runs in-process (a spawned
// node with tsx costs seconds each), with the same piped stdin and the same checks.
const ROOT = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'correct horse battery';
// What `node --import tsx` loads, by its path: the CLI runs in a folder of its own.
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;

describe('npm run owner:create', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owner-cli-'));
  // The CLI's own database: a PGlite folder, or a fresh database on the PostgreSQL server.
  const target: { env: Record<string, string>; drop?: () => Promise<void> } = { env: {} };

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB_DRIVER !== 'postgres' || !adminUrl) {
      target.env = { DATA_DIR: path.join(workDir, 'data') };
      return;
    }
    const name = `test_cli_${randomBytes(6).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(query).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    target.env = { DATABASE_URL: url.toString() };
    target.drop = () => admin(`drop database if exists ${name} with (force)`);
  });

  afterAll(async () => {
    await target.drop?.();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const runCli = (args: string[], stdin: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', TSX, path.join(ROOT, 'server/cli/create-owner.ts'), ...args],
        // In an empty folder: a developer's .env must not point the CLI elsewhere.
        {
          cwd: workDir,
          env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'error', ...target.env },
        },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin!.end(stdin);
    });

  /** The command the CLI runs, in this process: piped stdin in one chunk, output captured. */
  async function runInProcess(args: string[], stdin: string) {
    const parsed = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'error', ...target.env });
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const [stdout, stderr] = [new PassThrough(), new PassThrough()];
    const collected = { stdout: '', stderr: '' };
    stdout.on('data', (chunk: Buffer) => (collected.stdout += chunk.toString()));
    stderr.on('data', (chunk: Buffer) => (collected.stderr += chunk.toString()));
    const code = await runCreateOwner({
      args,
      stdin: Readable.from([stdin]),
      stdout,
      stderr,
      env: parsed.env,
    });
    return { code, ...collected };
  }

  async function storedOwners() {
    const database = await openDatabase(
      target.env.DATABASE_URL ? { databaseUrl: target.env.DATABASE_URL } : { dataDir: target.env.DATA_DIR! },
    );
    try {
      return await database.db.select().from(users);
    } finally {
      await database.close();
    }
  }

  it('creates owners from piped answers: the username as an argument or as the first line', async () => {
    const byArgument = await runCli(['alex'], `${PASSWORD}\n`);
    expect(byArgument.stderr).toBe('');
    expect(byArgument.code).toBe(0);
    expect(byArgument.stdout).toContain('Owner "alex" created.');
    // Both answers in one chunk, as a pipe delivers them.
    const byLines = await runInProcess([], `sam\n${PASSWORD}\n`);
    expect(byLines.stderr).toBe('');
    expect(byLines.stdout).toContain('Owner "sam" created.');

    const owners = await storedOwners();
    expect(owners.map((owner) => owner.username).sort()).toEqual(['alex', 'sam']);
    for (const owner of owners) expect(await verifyPassword(PASSWORD, owner.password)).toBe(true);
  }, 60_000);

  it('fails (exit 1, nothing stored) on a missing answer, a short password or a taken name', async () => {
    // The real process for the one failure that stops before the database: its exit code is 1.
    const missing = await runCli([], 'kim\n');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No answer: the input ended.');
    const short = await runInProcess(['kim'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    expect((await runInProcess(['dana'], `${PASSWORD}\n`)).code).toBe(0);
    const taken = await runInProcess(['dana'], `${PASSWORD}\n`);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already exists');
    expect((await storedOwners()).map((owner) => owner.username)).not.toContain('kim');
  }, 60_000);
});
