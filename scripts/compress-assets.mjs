// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the built client, at the
// highest settings: the server sends them as they are, so no request pays for compressing.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const publicDir = path.resolve(process.env.DIST_DIR ?? 'dist', 'public');
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
// Below this a compressed copy saves less than it costs to look for it.
const MIN_BYTES = 1024;

function listFiles(dir) {
  // Dot folders (Vite's manifest in .vite/) are for the server, never sent.
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}

let written = 0;
for (const file of listFiles(publicDir)) {
  if (!TEXT_FILE.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = gzipSync(content, { level: 9 });
  // A copy that is not smaller is not worth sending.
  if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
  written += 1;
}
console.log(`compressed ${written} files in ${path.relative(process.cwd(), publicDir) || publicDir}`);
