// `npm start`: builds when the build is missing or older than the sources, then runs the server
// in this same process (a second Node process would cost its own ~40 MB in a small container).
// Source maps stay off: Node keeps every loaded map in memory (13 MB); dist/server.js is not
// minified and names each source file, and `node --enable-source-maps` still reads the maps.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const outputs = ['dist/server.js', 'dist/public/index.html'];
const sources = ['client', 'server', 'shared', 'migrations', 'package.json', 'vite.config.ts'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

const builtAt = Math.min(...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the app (first start or sources changed)...');
  execSync('npm run build', { stdio: 'inherit' });
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.resolve('dist/server.js')).href);
