// The server's entry (built with `vite build --ssr`): renders a page to HTML from the data it is
// given, so the first paint needs no JavaScript; the browser hydrates it (main.tsx).
import type { QueryKey } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './app';
import type { PublicProfile } from '@shared/content';
import { getPageTitle, type PageKind } from '@shared/page-titles';
import { seedQueryClient, type InitialQuery } from './lib/initial-data';
import { PageStatusContext } from './lib/page-status';
import { PageKindContext } from './lib/page-title';
import { createQueryClient } from './lib/query-client';

export { serializeInitialData, INITIAL_DATA_ID } from './lib/initial-data';

/**
 * The public, visitor-independent queries each page reads on its first render, by path. The
 * server fetches them from its own API, renders with them and embeds them for hydration; these
 * pages are rendered once per server start. Other paths render per request, with no data.
 */
export const PAGE_QUERIES: Readonly<Record<string, readonly QueryKey[]>> = {
  '/': [['profile']],
  '/voice': [['voice', 'config']],
};

/**
 * The routes of App (app.tsx), in its order. The built server renders each once per start and
 * answers a path with the first route it matches (wouter's own matcher), else with the not-found
 * page: a page's HTML depends on its route only, never on its parameters or query string.
 */
export const PAGE_ROUTES: readonly string[] = [
  '/',
  '/voice',
  '/demo-checkout/:sessionId',
  '/booking',
  '/owner',
];

export interface RenderedPage {
  status: number;
  html: string;
  /** Which page rendered (its title and link-preview tags follow from it). */
  kind?: PageKind;
  /** The document title the page sets once running, so the HTML carries it from the start. */
  title?: string;
}

export async function renderPage(url: string, queries: readonly InitialQuery[]): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, queries);
  let status = 200;
  const setStatus = (next: number) => {
    status = next;
  };
  let kind: PageKind | undefined;
  const setKind = (next: PageKind) => {
    kind = next;
  };
  // prerender (not renderToString) waits for lazy pages, so /voice arrives whole.
  const { prelude } = await prerender(
    <StrictMode>
      <PageStatusContext value={setStatus}>
        <PageKindContext value={setKind}>
          <Router ssrPath={url}>
            <App queryClient={queryClient} hydrating />
          </Router>
        </PageKindContext>
      </PageStatusContext>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  const profile = queryClient.getQueryData<PublicProfile>(['profile']);
  return { status, html, kind, title: kind ? getPageTitle(kind, profile?.name) : undefined };
}
