// `npm run owner:create [username]`: creates an owner account for the owner's desk (/owner).
// Asks for the password without echoing it; a password piped on stdin works for scripts.
import fs from 'node:fs';
import readline from 'node:readline';
import { openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { createOwner, WeakPasswordError } from '../services/owner/owner-accounts';
import { MIN_PASSWORD_LENGTH } from '../services/owner/passwords';

async function ask(question: string, { secret = false } = {}): Promise<string> {
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: process.stdin.isTTY,
  });
  if (secret && process.stdin.isTTY) {
    // Print the question, then swallow what readline would echo.
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    process.stdout.write(question);
    output._writeToOutput = () => undefined;
  }
  const answer = await new Promise<string>((resolve) =>
    rl.question(secret && process.stdin.isTTY ? '' : question, resolve),
  );
  rl.close();
  if (secret && process.stdin.isTTY) process.stdout.write('\n');
  return answer.trim();
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnvOrExit();
  const username = process.argv[2] ?? (await ask('Owner username: '));
  if (!username) throw new Error('A username is needed.');
  const password = await ask(`Password (${MIN_PASSWORD_LENGTH}+ characters): `, { secret: true });
  if (process.stdin.isTTY && (await ask('Repeat the password: ', { secret: true })) !== password)
    throw new Error('The passwords differ.');

  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  );
  try {
    await createOwner(database.db, username, password);
    console.log(`Owner "${username}" created. Sign in at /owner.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof WeakPasswordError || error instanceof Error;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
