import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

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
  if (dataDir === 'memory://') return PGlite.create({ postgresqlconf: EMBEDDED_POSTGRES_CONF });

  const clusterDir = embeddedClusterDir(dataDir);
  // PGlite does not create parent folders itself.
  fs.mkdirSync(dataDir, { recursive: true });
  if (seedDir && !fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) copySeed(seedDir, clusterDir);
  return PGlite.create(clusterDir, { postgresqlconf: EMBEDDED_POSTGRES_CONF });
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
