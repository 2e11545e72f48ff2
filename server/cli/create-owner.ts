// `npm run owner:create [username]`: creates an owner account for the owner's desk (/owner).
// Asks for the password without echoing it; scripts can pipe the answers on stdin, one a line.
import fs from 'node:fs';
import { openDatabase } from '../db/client';
import { loadEnvOrExit } from '../env';
import { createOwner, WeakPasswordError } from '../services/owner/owner-accounts';
import { MIN_PASSWORD_LENGTH } from '../services/owner/passwords';
import { createPrompt } from './prompt';

async function askCredentials(): Promise<{ username: string; password: string }> {
  const prompt = createPrompt(process.stdin, process.stdout);
  try {
    const username = process.argv[2] ?? (await prompt.ask('Owner username: '));
    if (!username) throw new Error('A username is needed.');
    const password = await prompt.ask(`Password (${MIN_PASSWORD_LENGTH}+ characters): `, { secret: true });
    if (process.stdin.isTTY && (await prompt.ask('Repeat the password: ', { secret: true })) !== password)
      throw new Error('The passwords differ.');
    return { username, password };
  } finally {
    prompt.close();
  }
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const env = loadEnvOrExit();
  const { username, password } = await askCredentials();

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
