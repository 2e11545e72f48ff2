import { fork } from 'node:child_process';
import { parse } from 'regexparam';
import type { PublicProfile } from '../shared/content';
import { compressBody } from './lib/content-encoding';
import {
  renderPageHtml,
  type PageRenderer,
  type PageRendererOptions,
  type RenderedPage,
} from './render-pages';

export interface PrerenderInput {
  /** The built server render entry (dist/ssr/entry-server.js). */
  ssrEntry: string;
  /** The built client (dist/public): its index.html is the pages' template. */
  publicDir: string;
  /** Where this server answers: the pages' data comes from its own API. */
  origin: string;
  /** The owner's public profile and the site's public URL, for titles and link previews. */
  profile: PublicProfile;
  publicUrl: string | undefined;
}

export interface PrerenderedPage extends RenderedPage {
  /** The app's route (wouter pattern) this page is, or null for the not-found page. */
  route: string | null;
  /** False when some of the page's data was unavailable: it rendered without it. */
  isComplete: boolean;
}

/** After a render that missed some data, the next request renders again, at most this often. */
const RETRY_AFTER_MS = 10_000;

/**
 * The built site's pages, rendered once per start (`prerender`, in a child process: see
 * prerender-worker.ts) and kept as HTML, plain and compressed. The pages depend on the content
 * loaded at start and on their route only, so one rendering of each route serves every path it
 * matches, whatever its parameters or query string; a path no route matches gets the not-found
 * page. A change to content/ shows after a restart.
 */
export function createPrerenderedPages(
  prerender: () => Promise<PrerenderedPage[]>,
  now: () => number = Date.now,
): PageRenderer {
  let rendering: Promise<PrerenderedPage[]> | undefined;
  let renderedAt = 0;

  function getPages(): Promise<PrerenderedPage[]> {
    if (!rendering) {
      renderedAt = now();
      rendering = prerender();
      // A failed rendering is tried again by the next request.
      rendering.catch(() => (rendering = undefined));
    }
    return rendering;
  }

  return {
    async warm() {
      await getPages();
    },
    async render(url) {
      const pages = await getPages();
      const page = findPage(pages, new URL(url, 'http://localhost').pathname);
      if (!page.isComplete && now() - renderedAt >= RETRY_AFTER_MS) rendering = undefined;
      return page;
    },
  };
}

/** The page of the first route that matches the path, as the client's router (wouter) picks it. */
function findPage(pages: readonly PrerenderedPage[], pathname: string): PrerenderedPage {
  const path = decodePath(pathname);
  const page =
    pages.find((candidate) => candidate.route !== null && parse(candidate.route).pattern.test(path)) ??
    pages.find((candidate) => candidate.route === null);
  if (!page) throw new Error('no not-found page was rendered');
  return page;
}

/** wouter matches the decoded path, or the raw one when it does not decode. */
function decodePath(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * Renders the pages in a child process (dist/prerender-worker.js) that exits once it has sent
 * them. A worker thread was measured too: the memory it used stayed with the server (20 MB).
 */
export function prerenderInChild(script: string, input: PrerenderInput): Promise<PrerenderedPage[]> {
  const child = fork(script, {
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The server's V8 flags, but not a debugger's port, which the server already holds.
    execArgv: process.execArgv.filter((arg) => !arg.startsWith('--inspect')),
  });
  return new Promise<PrerenderedPage[]>((resolve, reject) => {
    child.once('message', (pages) => resolve((pages as PrerenderedPage[]).map(withBuffers)));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the page renderer exited (${code}) before answering`)));
    child.send(input);
  }).finally(() => child.kill());
}

/** Buffers arrive from the renderer as plain Uint8Arrays. */
function withBuffers(page: PrerenderedPage): PrerenderedPage {
  const compressed = Object.fromEntries(
    Object.entries(page.compressed ?? {}).map(([encoding, bytes]) => [
      encoding,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    ]),
  );
  return { ...page, compressed };
}

/** A path no route matches: it renders the not-found page. */
const NOT_FOUND_SAMPLE = '/__not-found__';

/** A path the route matches (its parameters filled with a placeholder). */
const samplePath = (route: string) => route.replace(/\/[:*][^/]*/g, '/sample');

/** Renders each of the app's routes once, and the not-found page, each also compressed. */
export async function renderEveryPage(options: PageRendererOptions): Promise<PrerenderedPage[]> {
  const entry = await options.loadEntry();
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
