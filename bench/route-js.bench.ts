// The JavaScript each route downloads, raw and gzip, from a production build with a manifest;
// and a check that the voice SDKs (Vapi and Daily) and the owner's desk stay out of what `/` loads.
// `npm run bench route-js` (builds into a temporary folder; about 20-40 s on a small machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(import.meta.dirname, '..');
// Text that only the SDKs contain: Daily's call-machine loader and a Vapi SDK event name.
const SDK_MARKERS = { daily: 'call-machine-object-bundle', vapi: 'call-start-progress' };
// Text only the owner desk's code holds: its API paths.
const DESK_MARKER = '/api/owner/';

/** Every file a chunk pulls in statically (what the browser fetches before running it). */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

function findKey(
  manifest: Manifest,
  test: (key: string, chunk: ManifestChunk) => boolean,
  what: string,
): string {
  const key = Object.keys(manifest).find((k) => test(k, manifest[k]!));
  if (!key) throw new Error(`no chunk for ${what} in the manifest`);
  return key;
}

interface Measured {
  files: number;
  raw: number;
  gzip: number;
  text: string;
}

function measure(outDir: string, manifest: Manifest, keys: Iterable<string>): Measured {
  let raw = 0;
  let gzip = 0;
  let files = 0;
  let text = '';
  for (const key of keys) {
    const content = fs.readFileSync(path.join(outDir, manifest[key]!.file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    files += 1;
    text += content.toString('utf8');
  }
  return { files, raw, gzip, text };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function sdkFound(text: string) {
  return Object.entries(SDK_MARKERS)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
}

export default async function routeJsBench() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'route-js-'));
  try {
    const started = performance.now();
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;

    const entry = findKey(manifest, (_key, chunk) => Boolean(chunk.isEntry), 'the entry (index.html)');
    const voicePage = findKey(manifest, (key) => key.endsWith('pages/voice-page.tsx'), '/voice');
    const sdk = findKey(manifest, (key) => key.includes('node_modules/@vapi-ai/web'), 'the Vapi SDK');
    const ownerPage = findKey(manifest, (key) => key.endsWith('pages/owner-page.tsx'), '/owner');

    const home = staticClosure(manifest, [entry]);
    const voice = staticClosure(manifest, [entry, voicePage]);
    const subscriberLoads = [...staticClosure(manifest, [sdk])].filter((key) => !voice.has(key));

    const rows: [string, Measured][] = [
      ['/', measure(outDir, manifest, home)],
      ['/voice (page)', measure(outDir, manifest, voice)],
      ['Vapi + Daily (lazy), loaded on /voice for subscribers', measure(outDir, manifest, subscriberLoads)],
      ['/owner (page)', measure(outDir, manifest, staticClosure(manifest, [entry, ownerPage]))],
    ];
    const home0 = rows[0]![1];
    console.log('| route | JS files | raw | gzip | gzip vs / |');
    console.log('|---|---|---|---|---|');
    for (const [name, m] of rows) {
      console.log(
        `| ${name} | ${m.files} | ${kib(m.raw)} | ${kib(m.gzip)} | ${(m.gzip / home0.gzip).toFixed(2)}x |`,
      );
    }

    for (const [name, keys] of [
      ['/voice adds', [...voice].filter((key) => !home.has(key))],
      ['loaded on /voice for subscribers', subscriberLoads],
    ] as const) {
      for (const key of keys) {
        const m = measure(outDir, manifest, [key]);
        console.log(`  ${name}: ${manifest[key]!.file} (${key}) ${kib(m.gzip)} gzip`);
      }
    }

    const inHome = sdkFound(rows[0]![1].text);
    const inVoicePage = sdkFound(rows[1]![1].text);
    const inSdkChunks = sdkFound(rows[2]![1].text);
    console.log(`SDK code in the chunks / loads: ${inHome.length ? inHome.join(', ') : 'none'}`);
    console.log(
      `SDK code in the chunks /voice loads up front: ${inVoicePage.length ? inVoicePage.join(', ') : 'none'}`,
    );
    console.log(
      `SDK code in the lazy chunks loaded on /voice for subscribers: ${inSdkChunks.join(', ') || 'none (markers not found!)'}`,
    );
    const deskInHome = rows[0]![1].text.includes(DESK_MARKER);
    console.log(`Owner desk code in the chunks / loads: ${deskInHome ? 'yes!' : 'none'}`);
    if (inHome.length > 0) throw new Error(`The voice SDK (${inHome.join(', ')}) is in the chunks / loads.`);
    if (deskInHome) throw new Error('The owner desk is in the chunks / loads.');
    if (!rows[3]![1].text.includes(DESK_MARKER))
      throw new Error('The desk marker was not found in the /owner chunks: check the bench.');
    if (inSdkChunks.length < 2)
      throw new Error('The SDK markers were not found in the lazy SDK chunks: check the bench.');
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
