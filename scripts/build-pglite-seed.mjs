// Builds an initialised, empty embedded-database cluster into dist/pglite-seed. The server copies
// it into a fresh DATA_DIR, so a first start skips initdb, which alone peaks near 950 MB.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

const seedDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'pglite-seed');
const partial = `${seedDir}.partial`;
fs.rmSync(partial, { recursive: true, force: true });
const db = await PGlite.create(partial);
await db.close();
fs.rmSync(seedDir, { recursive: true, force: true });
fs.renameSync(partial, seedDir);
