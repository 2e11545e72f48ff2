// Child process for the kill -9 test: opens the embedded database the way the server does, then
// inserts conversations one at a time and prints each id once the insert has returned.
import { conversations } from '../../shared/schema';
import { openDatabase } from '../../server/db/client';

const [dataDir, seedDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: embedded-writer.ts DATA_DIR [SEED_DIR]');
const { db } = await openDatabase({ dataDir, seedDir });
process.stdout.write('ready\n');
for (;;) {
  const [row] = await db.insert(conversations).values({}).returning({ id: conversations.id });
  process.stdout.write(`acked ${row!.id}\n`);
}
