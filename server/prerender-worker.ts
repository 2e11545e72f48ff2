// The built site's pages, rendered in a child process that exits once it has sent them: React's
// server renderer and the app's components never load into the server's own process, where they
// would stay for good. See prerendered-pages.ts.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPageHead } from './page-head';
import { readPagePreloads } from './page-preloads';
import { prepareTemplate } from './page-template';
import { renderEveryPage, type PrerenderInput } from './prerendered-pages';
import type { RenderEntry } from './render-pages';

async function prerenderPages({ ssrEntry, publicDir, origin, profile, publicUrl }: PrerenderInput) {
  const entry = (await import(pathToFileURL(ssrEntry).href)) as RenderEntry;
  const template = prepareTemplate(fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8'), publicDir);
  return renderEveryPage({
    loadEntry: () => Promise.resolve(entry),
    loadTemplate: () => Promise.resolve(template),
    listPreloads: readPagePreloads(publicDir),
    describePage: createPageHead(profile, publicUrl),
    async fetchJson(apiPath: string) {
      const res = await fetch(new URL(apiPath, origin), { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
      return (await res.json()) as unknown;
    },
  });
}

process.once('message', (input: PrerenderInput) => {
  prerenderPages(input).then(
    (pages) => process.send!(pages, () => process.exit(0)),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
});
