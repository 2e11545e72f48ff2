import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { findMigrationsFolder } from '../../server/db/client';
import { EMBEDDED_POSTGRES_CONF } from '../../server/db/embedded';

// Every integration file gets an in-memory PGlite of its own. Creating one runs initdb (3 s idle,
// over 10 s on a loaded machine) and then the migrations; loading an initialised, migrated cluster
// from a tarball skips both. The tarball is made once per migration set and kept in the temp folder.

/** The options the server opens the embedded database with (server/db/embedded.ts). */
export async function embeddedOptions(): Promise<PGliteOptions> {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { postgresqlconf: EMBEDDED_POSTGRES_CONF, extensions: { pg_trgm } };
}

/** Where the snapshot for the current migrations and PGlite version lives. */
export function snapshotPath(): string {
  const folder = findMigrationsFolder();
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const pkg = path.join(path.dirname(folder), 'node_modules/@electric-sql/pglite/package.json');
  hash.update(fs.readFileSync(pkg));
  return path.join(os.tmpdir(), `pglite-test-snapshot-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the snapshot unless it exists; written beside and renamed in, so readers never see half. */
export async function ensureSnapshot(): Promise<string> {
  const target = snapshotPath();
  if (fs.existsSync(target)) return target;
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(await embeddedOptions());
  try {
    await migrate(drizzle(client), { migrationsFolder: findMigrationsFolder() });
    const dump = await client.dumpDataDir('none');
    const partial = `${target}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, target);
  } finally {
    await client.close();
  }
  return target;
}

/** A fresh in-memory PGlite from the snapshot, or from initdb when there is none. */
export async function openSnapshot(file: string | undefined): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const options = await embeddedOptions();
  if (!file || !fs.existsSync(file)) return PGlite.create(options);
  return PGlite.create({ ...options, loadDataDir: new Blob([fs.readFileSync(file)]) });
}
