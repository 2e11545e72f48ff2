import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import * as schema from '../../shared/schema';
import { openEmbedded, queriedByDrizzle } from './embedded';
import { QueuedPool } from './queued-pool';
import { watchPoolClients } from './watch-pool-clients';

// Both drivers expose the same query builder; the node-postgres type stands for both so that
// storage code is written once.
export type Database = NodePgDatabase<typeof schema>;

/** The database or a transaction on it: storage functions work inside `db.transaction()` too. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database, for the statements that finish what a visitor is being shown (a streamed
   * reply, its visitor message, its tokens): on PostgreSQL they get a connection before any other
   * statement waiting for one. The embedded database has one connection and no queue: `db` itself.
   */
  dbFirstInLine: Database;
  driver: 'postgres' | 'pglite';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Connections a node-postgres pool opens at most. */
export const POSTGRES_POOL_SIZE = 10;
/**
 * How long a statement waits for a connection while none is handed back (all held by
 * statements that do not end), or for a new one to open, before a 503.
 */
export const CONNECTION_WAIT_MS = 5_000;
/** The longest a statement waits in a queue that moves: a burst waits, but not for ever. */
const CONNECTION_QUEUE_MAX_MS = 15_000;

/**
 * PostgreSQL by URL, or the embedded database in a folder ('memory://' for a throwaway one),
 * started from the build's initialised cluster when one is given.
 */
export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; connectionWaitMs?: number }
  | { dataDir: string; seedDir?: string };

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
    const connectionWaitMs = options.connectionWaitMs ?? CONNECTION_WAIT_MS;
    const pool = new QueuedPool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? POSTGRES_POOL_SIZE,
      stallMs: connectionWaitMs,
      maxWaitMs: Math.max(CONNECTION_QUEUE_MAX_MS, connectionWaitMs),
      connectionTimeoutMillis: connectionWaitMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: 10_000,
      // A server that vanished without closing the connection is noticed rather than awaited.
      keepAlive: true,
    });
    watchPoolClients(pool);
    const db = drizzlePg(pool, { schema });
    const dbFirstInLine = drizzlePg(pool.firstInLine(), { schema });
    try {
      await migrateUnderLock(pool, migrationsFolder);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      dbFirstInLine,
      driver: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  const client = await openEmbedded(options.dataDir, options.seedDir);
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  const db = drizzlePglite({ client: queriedByDrizzle(client) as PGlite, schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    dbFirstInLine: db,
    driver: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

/** Any fixed number: every instance of this site takes the same advisory lock to migrate. */
export const MIGRATION_LOCK_KEY = 0x7072_6f66;
/** How long an instance waits for another one's migrations before its start fails. */
const MIGRATION_LOCK_WAIT = '120s';

/**
 * Runs the migrations on one connection that holds a session advisory lock, so instances starting
 * together on one database migrate one after the other: the next one finds the work done. Two
 * migrators at once both create drizzle's own table and the first migration's tables, and
 * PostgreSQL fails one of them (a duplicate key in pg_type, or "already exists"). The lock goes
 * with the connection, which is closed afterwards (it also carries the longer timeout).
 */
async function migrateUnderLock(pool: pg.Pool, migrationsFolder: string) {
  const client = await pool.connect();
  try {
    await client.query(`set statement_timeout = '${MIGRATION_LOCK_WAIT}'`);
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    // Closed, not returned to the pool: it has its own timeout, a failed migration may have left
    // it mid-transaction, and closing it releases the lock whatever happened.
    client.release(true);
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
