// The gzip size of the JavaScript a visitor's browser downloads to show `/`: the module script
// and the modulepreload links of the built index.html (lazy chunks such as the Markdown renderer,
// the booking form and the voice page are listed apart, they load later). Goal: under 120 KiB.
// Reads the existing build in DIST_DIR (default dist/); without one it builds into a temporary
// folder first. `npm run bench bundle-size`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const GOAL_KIB = 120;

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

/** The same-origin JavaScript files index.html loads up front: module scripts and modulepreloads. */
export function listInitialScripts(html: string): string[] {
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const isModuleScript = /^<script/i.test(tag) && /\bsrc=/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload/i.test(tag);
    if (!isModuleScript && !isPreload) continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url && url.startsWith('/') && !url.startsWith('//')) files.add(url.slice(1));
  }
  return [...files];
}

async function findBuild(): Promise<{ publicDir: string; cleanup(): void }> {
  const publicDir = path.resolve(ROOT, process.env.DIST_DIR ?? 'dist', 'public');
  if (fs.existsSync(path.join(publicDir, 'index.html'))) return { publicDir, cleanup: () => undefined };
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-size-'));
  console.log(`no build in ${path.relative(ROOT, publicDir)}: building into ${outDir}`);
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  return { publicDir: outDir, cleanup: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}

export default async function bundleSizeBench() {
  const { publicDir, cleanup } = await findBuild();
  try {
    const html = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
    const initial = listInitialScripts(html);
    if (initial.length === 0) throw new Error('index.html loads no module script: check the build.');

    let raw = 0;
    let gzip = 0;
    console.log('| file `/` loads | raw | gzip |');
    console.log('|---|---|---|');
    for (const file of initial) {
      const content = fs.readFileSync(path.join(publicDir, file));
      raw += content.length;
      gzip += gzipSize(content);
      console.log(`| ${file} | ${kib(content.length)} | ${kib(gzipSize(content))} |`);
    }
    console.log(`| **total (${initial.length} files)** | ${kib(raw)} | **${kib(gzip)}** |`);
    const verdict = gzip / 1024 < GOAL_KIB ? 'within' : 'OVER';
    console.log(
      `JavaScript for /: ${kib(gzip)} gzip, ${verdict} the ${GOAL_KIB} KiB goal (${((gzip / 1024 / GOAL_KIB) * 100).toFixed(0)}% of it)`,
    );

    const lazy = fs
      .readdirSync(path.join(publicDir, 'assets'))
      .map((name) => `assets/${name}`)
      .filter((file) => file.endsWith('.js') && !initial.includes(file))
      .map((file) => ({ file, gzip: gzipSize(fs.readFileSync(path.join(publicDir, file))) }))
      .sort((a, b) => b.gzip - a.gzip);
    console.log(`lazy chunks (loaded on demand, not counted): ${lazy.length}`);
    for (const { file, gzip: size } of lazy.slice(0, 8)) console.log(`  ${file} ${kib(size)} gzip`);
  } finally {
    cleanup();
  }
}
