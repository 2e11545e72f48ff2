// The built site's pages, rendered in a child process that exits once it has sent them: React's
// server renderer and the app's components never load into the server's own process, where they
// would stay for good. See prerendered-pages.ts.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compressBody } from './lib/content-encoding';
import { readPagePreloads } from './page-preloads';
import { prepareTemplate } from './page-template';
import type { PrerenderInput, PrerenderedPage } from './prerendered-pages';
import { renderPageHtml, type RenderEntry } from './render-pages';

/** A path no route matches: it renders the not-found page. */
const NOT_FOUND_SAMPLE = '/__not-found__';

/** A path the route matches (its parameters filled with a placeholder). */
const samplePath = (route: string) => route.replace(/\/[:*][^/]*/g, '/sample');

async function prerenderPages({ ssrEntry, publicDir, origin }: PrerenderInput): Promise<PrerenderedPage[]> {
  const entry = (await import(pathToFileURL(ssrEntry).href)) as RenderEntry;
  const template = prepareTemplate(fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8'), publicDir);
  const options = {
    loadEntry: () => Promise.resolve(entry),
    loadTemplate: () => Promise.resolve(template),
    listPreloads: readPagePreloads(publicDir),
    async fetchJson(apiPath: string) {
      const res = await fetch(new URL(apiPath, origin), { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`${apiPath} answered ${res.status}`);
      return (await res.json()) as unknown;
    },
  };
  const routes: (string | null)[] = [...entry.PAGE_ROUTES, null];
  return Promise.all(
    routes.map(async (route) => {
      const { page, isComplete } = await renderPageHtml(
        options,
        route ? samplePath(route) : NOT_FOUND_SAMPLE,
      );
      if ((page.status === 404) !== (route === null))
        throw new Error(`${route ?? 'an unknown path'} rendered with status ${page.status}`);
      const body = Buffer.from(page.html);
      return {
        route,
        status: page.status,
        html: page.html,
        isComplete,
        // At the highest settings, once: the first visit's HTML is smaller.
        compressed: { br: compressBody(body, 'br', true), gzip: compressBody(body, 'gzip', true) },
      };
    }),
  );
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
