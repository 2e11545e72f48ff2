// Bundles the server into dist/server.js; npm packages stay external (installed beside it),
// except INLINED: date-fns is imported whole through its index (hundreds of modules, about
// 8 MB resident) where the bundle keeps only the few functions used (decision 010).
import fs from 'node:fs';
import { build } from 'esbuild';

const INLINED = ['date-fns', '@date-fns/tz'];
const { dependencies, devDependencies } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const external = [...Object.keys(dependencies), ...Object.keys(devDependencies)].filter(
  (name) => !INLINED.includes(name),
);

await build({
  // The server, the worker that renders its pages at start, and the owner:create command for a
  // container that has no dev tools.
  entryPoints: {
    server: 'server/index.ts',
    'prerender-worker': 'server/prerender-worker.ts',
    'create-owner': 'server/cli/create-owner.ts',
  },
  outdir: process.env.DIST_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // A package name also covers its subpaths (drizzle-orm/pg-core).
  external,
  sourcemap: true,
  logLevel: 'warning',
});

// The clone's language data is read at start from `languages/` beside the bundle (not bundled:
// an imported JSON module stays in memory whole beside the maps made of it).
fs.cpSync('server/services/clone/engine/languages', `${process.env.DIST_DIR ?? 'dist'}/languages`, {
  recursive: true,
});

// V8 keeps a script's source as one byte a character only while every character is Latin-1: one
// "…" or "€" left in a comment or a regular expression (esbuild escapes strings, not those) doubles
// what the 0.5 MB server bundle holds in memory. Write such characters as \u escapes.
for (const file of fs.readdirSync(process.env.DIST_DIR ?? 'dist').filter((name) => name.endsWith('.js'))) {
  const source = fs.readFileSync(`${process.env.DIST_DIR ?? 'dist'}/${file}`, 'utf8');
  const lines = source
    .split('\n')
    .flatMap((line, at) =>
      /[^\t\n\r -\u00ff]/u.test(line) ? [`${at + 1}: ${line.trim().slice(0, 100)}`] : [],
    );
  if (lines.length > 0)
    throw new Error(
      `${file} has characters outside Latin-1 (write them as \\u escapes):\n${lines.join('\n')}`,
    );
}
