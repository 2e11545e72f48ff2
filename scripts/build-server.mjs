// Bundles the server into dist/server.js; npm packages stay external (installed beside it).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: `${process.env.DIST_DIR ?? 'dist'}/server.js`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
