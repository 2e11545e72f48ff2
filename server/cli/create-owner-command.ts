import type { Readable, Writable } from 'node:stream';
import { format } from 'node:util';
import { openDatabase } from '../db/client';
import type { Env } from '../env';
import { createOwner, WeakPasswordError } from '../services/owner/owner-accounts';
import { MIN_PASSWORD_LENGTH } from '../services/owner/passwords';
import { createPrompt } from './prompt';

/** What `npm run owner:create` works with: the process's own, or a test's streams. */
export interface CreateOwnerIo {
  args: string[];
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable;
  stderr: Writable;
  env: Env;
}

async function askCredentials({ args, stdin, stdout }: CreateOwnerIo) {
  const prompt = createPrompt(stdin, stdout);
  try {
    const username = args[0] ?? (await prompt.ask('Owner username: '));
    if (!username) throw new Error('A username is needed.');
    const password = await prompt.ask(`Password (${MIN_PASSWORD_LENGTH}+ characters): `, { secret: true });
    if (stdin.isTTY && (await prompt.ask('Repeat the password: ', { secret: true })) !== password)
      throw new Error('The passwords differ.');
    return { username, password };
  } finally {
    prompt.close();
  }
}

/** Asks for the credentials, creates the owner; the exit code (1 with the reason on stderr). */
export async function runCreateOwner(io: CreateOwnerIo): Promise<number> {
  try {
    const { username, password } = await askCredentials(io);
    const { env } = io;
    const database = await openDatabase(
      env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    );
    try {
      await createOwner(database.db, username, password);
      io.stdout.write(`Owner "${username}" created. Sign in at /owner.\n`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    const known = error instanceof WeakPasswordError || error instanceof Error;
    io.stderr.write(`${format(known ? (error as Error).message : error)}\n`);
    return 1;
  }
}
