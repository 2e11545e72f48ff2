// Bundles the server into dist/server.js; npm packages stay external (installed beside it).
import { build } from 'esbuild';

await build({
  // The server, and the owner:create command for a container that has no dev tools.
  entryPoints: { server: 'server/index.ts', 'create-owner': 'server/cli/create-owner.ts' },
  outdir: process.env.DIST_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
