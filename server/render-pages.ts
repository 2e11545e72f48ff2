import type { Encoding } from './lib/content-encoding';
import { logger } from './lib/logger';
import type { PageKind } from '../shared/page-titles';
import type { DescribePage } from './page-head';
import { addPageModules, withCriticalStyles } from './page-template';

type QueryKey = readonly unknown[];

/** What the server render entry (client/src/entry-server.tsx, built to dist/ssr) exports. */
export interface RenderEntry {
  PAGE_QUERIES: Readonly<Record<string, readonly QueryKey[]>>;
  PAGE_ROUTES: readonly string[];
  renderPage(
    url: string,
    queries: readonly { queryKey: QueryKey; data: unknown }[],
  ): Promise<{ status: number; html: string; kind?: PageKind; title?: string }>;
  serializeInitialData(queries: readonly { queryKey: QueryKey; data: unknown }[]): string;
  INITIAL_DATA_ID: string;
}

export interface RenderedPage {
  status: number;
  html: string;
  /** Kept pages are compressed once, at the highest settings (the first visit's HTML is smaller). */
  compressed?: Partial<Record<Encoding, Buffer>>;
}

export interface PageRenderer {
  render(url: string): Promise<RenderedPage>;
  /** Renders the pages that are rendered once, ahead of the first visitor. */
  warm(): Promise<void>;
}

export interface PageRendererOptions {
  loadEntry(): Promise<RenderEntry>;
  /** index.html as built: the page's HTML goes into its empty root. */
  loadTemplate(url: string): Promise<string>;
  /** GET one of our own API paths as JSON (the data a page's first render reads). */
  fetchJson(apiPath: string): Promise<unknown>;
  /** The page's lazily loaded chunks, to preload (from the build manifest). */
  listPreloads?(pathname: string): string[];
  /** Each page's title and link-preview tags (server/page-head.ts). */
  describePage?: DescribePage;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Development: renders each request's page with the current sources and content (the built site
 * renders its pages once per start instead: prerendered-pages.ts).
 */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  return {
    render: async (url) => (await renderPageHtml(options, url)).page,
    warm: () => Promise.resolve(),
  };
}

/**
 * Renders one path into the template: its page's HTML in the root, the data it was rendered with
 * embedded for hydration, its title and its lazy chunks. `isComplete` is false when some of the
 * page's data could not be fetched (the page then renders without it).
 */
export async function renderPageHtml(
  options: PageRendererOptions,
  url: string,
): Promise<{ page: RenderedPage; isComplete: boolean }> {
  const [entry, template] = await Promise.all([options.loadEntry(), options.loadTemplate(url)]);
  const pathname = new URL(url, 'http://localhost').pathname;
  const keys = entry.PAGE_QUERIES[pathname] ?? [];
  const fetched = await Promise.all(
    keys.map(async (queryKey) => {
      const apiPath = `/api/${queryKey.map((part) => encodeURIComponent(String(part))).join('/')}`;
      try {
        return { queryKey, data: await options.fetchJson(apiPath) };
      } catch (error) {
        // The page still renders; the browser fetches what is missing.
        logger.warn('page data unavailable for prerendering', {
          path: apiPath,
          error: error instanceof Error ? error.message : String(error),
        });
        return null;
      }
    }),
  );
  const queries = fetched.filter((query) => query !== null);
  const rendered = await entry.renderPage(url, queries);
  let html = template.replace(
    ROOT_ELEMENT,
    `<div id="root">${rendered.html}</div><script type="application/json" id="${entry.INITIAL_DATA_ID}">${entry.serializeInitialData(queries)}</script>`,
  );
  const head = options.describePage?.({ pathname, kind: rendered.kind });
  const title = head?.title ?? rendered.title;
  if (title) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (head) html = addHeadTags(html, head.tags);
  html = withCriticalStyles(addPageModules(html, options.listPreloads?.(pathname) ?? []));
  return { page: { status: rendered.status, html }, isComplete: queries.length === keys.length };
}

/** The tags take the place of the template's description, or follow its title. */
function addHeadTags(html: string, tags: string): string {
  const description = /<meta\s+name="description"[^>]*>/;
  if (description.test(html)) return html.replace(description, () => tags);
  return html.replace('</title>', () => `</title>${tags}`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
