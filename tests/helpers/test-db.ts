import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import * as schema from '../../shared/schema';
import {
  findMigrationsFolder,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '../../server/db/client';
import { openSnapshot } from './pglite-snapshot';
import type { PGlite } from '@electric-sql/pglite';
import { queriedByDrizzle } from '../../server/db/embedded';

/**
 * A database of its own for one test file: in-memory PGlite, or (TEST_DB_DRIVER=postgres) a
 * fresh database on the TEST_DATABASE_URL server, dropped afterwards. Migrations are applied.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_DRIVER !== 'postgres') {
    // Benches use this helper outside vitest, where no snapshot was provided: a migrated database of their own.
    return process.env.VITEST ? openEmbeddedFromSnapshot() : openDatabase({ dataDir: 'memory://' });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * What `openDatabase({ dataDir: 'memory://' })` returns, started from the migrated snapshot the
 * global setup made (tests/helpers/global-setup.ts) rather than from initdb. The migrations still
 * run: on the snapshot they find nothing to do.
 */
async function openEmbeddedFromSnapshot(): Promise<DatabaseHandle> {
  const client = await openSnapshot(inject('pgliteSnapshot'));
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = drizzle({ client: queriedByDrizzle(client) as PGlite, schema }) as unknown as Database;
  await migrate(db as never, { migrationsFolder: findMigrationsFolder() });
  return {
    db,
    dbFirstInLine: db,
    driver: 'pglite',
    ping: () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
    close: () => client.close(),
  };
}

/** Empties every table so each test starts from a clean database. */
export async function truncateAll({ db }: DatabaseHandle): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const tables = result.rows.map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await db.execute(sql.raw(`truncate ${tables.join(', ')} cascade`));
}
