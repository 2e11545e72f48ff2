import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';

const INSTANCES = 3;
const ROUNDS = 6;
const adminUrl = process.env.TEST_DATABASE_URL;

async function runAdmin(query: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

// Several instances of the site on one PostgreSQL start at once on an empty database: each one
// runs the migrations on start, and without a lock two of them create the same tables together
// (PostgreSQL then fails one with a duplicate key in pg_type). The embedded database has one
// process by design, so this runs on PostgreSQL only.
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres' && adminUrl)('instances starting together', () => {
  it(`${INSTANCES} instances all start on one empty database, ${ROUNDS} rounds out of ${ROUNDS}`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `start_race_${randomBytes(6).toString('hex')}`;
      await runAdmin(`create database ${name}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${name}`;
      const starts = await Promise.allSettled(
        Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: url.toString() })),
      );
      for (const start of starts) {
        if (start.status === 'rejected') {
          const error = start.reason as Error & { cause?: { code?: string; message?: string } };
          failures.push(
            `round ${round + 1}: ${error.cause?.code ?? ''} ${error.cause?.message ?? error.message}`,
          );
        }
      }
      const opened = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
      // Every instance sees the whole schema.
      for (const handle of opened) await expect(countMigrations(handle)).resolves.toBeGreaterThan(0);
      await Promise.all(opened.map((handle) => handle.close()));
      await runAdmin(`drop database if exists ${name} with (force)`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

async function countMigrations({ db }: DatabaseHandle): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const result = await db.execute<{ count: string }>(sql`select count(*) from drizzle.__drizzle_migrations`);
  return Number(result.rows[0]?.count);
}
