// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (a second Node process would cost its own ~40 MB in a small container).
// package.json starts this script with `exec`, so npm's SIGTERM and SIGINT reach the server
// itself (the shell in between would die of them and leave the server running), and npm exits
// with the server's code once it has stopped.
// Source maps stay off: Node keeps every loaded map in memory (13 MB); dist/server.js is not
// minified and names each source file, and `node --enable-source-maps` still reads the maps.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildStale } from './build-inputs.mjs';

// DIST_DIR: another build folder, as for `npm run build`.
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
if (isBuildStale(process.cwd(), distDir)) {
  console.log('Building the app (first start or sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(distDir, 'server.js')).href);
