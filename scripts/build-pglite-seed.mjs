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
// initdb leaves some files private (0600) to the user who built; the container runs as another
// user, who must read the seed to copy it. It holds no data: everyone may read it.
makeReadable(partial);
fs.rmSync(seedDir, { recursive: true, force: true });
fs.renameSync(partial, seedDir);

function makeReadable(dir) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) makeReadable(target);
    else fs.chmodSync(target, 0o644);
  }
}
