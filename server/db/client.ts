import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../../shared/schema';
import { openEmbedded } from './embedded';
import { watchPoolClients } from './watch-pool-clients';

// Both drivers expose the same query builder; the node-postgres type stands for both so that
// storage code is written once.
export type Database = NodePgDatabase<typeof schema>;

/** The database or a transaction on it: storage functions work inside `db.transaction()` too. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface DatabaseHandle {
  db: Database;
  driver: 'postgres' | 'pglite';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Connections a node-postgres pool opens at most. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * PostgreSQL by URL, or the embedded database in a folder ('memory://' for a throwaway one),
 * started from the build's initialised cluster when one is given.
 */
export type DatabaseOptions = { databaseUrl: string } | { dataDir: string; seedDir?: string };

/** The migrations folder beside the sources (dev) or beside the bundle (production). */
export function findMigrationsFolder(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error('migrations folder not found');
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: 10_000,
      // A server that vanished without closing the connection is noticed rather than awaited.
      keepAlive: true,
    });
    watchPoolClients(pool);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  const client = await openEmbedded(options.dataDir, options.seedDir);
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
