import fs from 'node:fs';
import path from 'node:path';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { StartError } from '../lib/start-failure';

/**
 * Memory settings for the embedded database. PGlite's wasm heap holds PostgreSQL's shared
 * buffers, so the default 128 MB of buffers is resident once touched; a profile site's data is a
 * few MB, and 16 MB keeps a restart under 200 MB instead of 340 MB (decision 007).
 */
export const EMBEDDED_POSTGRES_CONF = ['shared_buffers = 16MB', 'temp_buffers = 4MB', 'work_mem = 2MB'];

/** The folder PGlite keeps its cluster in, inside DATA_DIR. */
export function embeddedClusterDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/**
 * Opens the embedded database. Its code is imported here, on demand, so a server running on
 * DATABASE_URL never loads it.
 *
 * A first start on an empty folder runs initdb, which peaks near 950 MB. The build ships an
 * initialised, empty cluster (`seedDir`, see scripts/build-pglite-seed.mjs); copying it in first
 * makes a first start cost what a restart costs.
 */
export async function openEmbedded(dataDir: string, seedDir?: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm indexes the owner's search (migration 0009); a cluster that has the extension needs it
  // loaded at every open.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const options = { postgresqlconf: EMBEDDED_POSTGRES_CONF, extensions: { pg_trgm } };
  if (dataDir === 'memory://') return PGlite.create(options);

  const clusterDir = embeddedClusterDir(dataDir);
  prepareDataFolder(dataDir, clusterDir);
  if (seedDir && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) copySeed(seedDir, clusterDir);
  return PGlite.create(clusterDir, options);
}

/**
 * Creates the data folder (PGlite does not create parent folders) and checks that this user can
 * write it and the cluster in it: PGlite itself reports a folder it cannot write as
 * `Error writing file /pglite/data/postgresql.conf`, naming neither the folder nor the cause.
 */
function prepareDataFolder(dataDir: string, clusterDir: string) {
  const uid = process.getuid?.();
  const fail = (folder: string, error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return new StartError(
      `The data folder ${path.resolve(folder)} cannot be written by this user${uid === undefined ? '' : ` (uid ${uid})`} (${code}): make it writable by that user, or set DATA_DIR to a folder that is.`,
      { cause: error },
    );
  };
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    throw fail(dataDir, error);
  }
  if (!fs.existsSync(clusterDir)) return;
  try {
    fs.accessSync(clusterDir, fs.constants.W_OK | fs.constants.X_OK);
    fs.accessSync(path.join(clusterDir, 'postgresql.conf'), fs.constants.W_OK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(clusterDir, error);
  }
}

/**
 * Copies the seed beside the cluster's place and renames it in, so a crash mid-copy leaves no half
 * cluster. The copy belongs to the user running the server, readable by it alone (it will hold
 * visitors' data), whoever built the seed.
 */
function copySeed(seedDir: string, clusterDir: string) {
  if (!fs.existsSync(path.join(seedDir, 'PG_VERSION'))) return;
  const partial = `${clusterDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  try {
    fs.cpSync(seedDir, partial, { recursive: true });
    makePrivate(partial);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw new Error(
      `Cannot copy the embedded database's seed from ${seedDir} into ${partial}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.renameSync(partial, clusterDir);
}

function makePrivate(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) makePrivate(target);
    else fs.chmodSync(target, 0o600);
  }
}

/** What drizzle calls on its PGlite client. */
export type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;

/**
 * The embedded database as drizzle queries it. drizzle sends the same few result parsers with
 * every query (date and time types kept as text), and PGlite merges them into its own table of
 * about a hundred on every query, an object spread that took 8% of a chat turn's CPU. Here they
 * go into PGlite's table once, on the first query that sends them, and no query sends them again.
 * The parsers drizzle sends for a type are the same on every query.
 */
export function queriedByDrizzle(client: PGlite): DrizzlePgliteClient {
  const installed = new Set<string>();
  const withoutParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    for (const type in options.parsers) {
      if (installed.has(type)) continue;
      client.parsers[type] = options.parsers[type]!;
      installed.add(type);
    }
    return { ...options, parsers: undefined };
  };
  const queryOf =
    (target: Pick<Transaction, 'query'>): PGlite['query'] =>
    (sql, params, options) =>
      target.query(sql, params, withoutParsers(options));
  return {
    query: queryOf(client),
    // The transaction as PGlite made it (its `closed` is a getter), its `query` wrapped.
    transaction: (callback) =>
      client.transaction((tx) =>
        callback(Object.create(tx, { query: { value: queryOf(tx) } }) as Transaction),
      ),
  };
}
