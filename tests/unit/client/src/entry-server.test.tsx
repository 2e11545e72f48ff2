// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/app';
import { PAGE_ROUTES, renderPage } from '@/entry-server';
import { CONVERSATION_STORAGE_KEY } from '@/features/chat/api/create-conversation';
import { readInitialData, seedQueryClient, serializeInitialData } from '@/lib/initial-data';
import { createQueryClient } from '@/lib/query-client';
import { json } from '../../../helpers/json-response';
import { CONVERSATION_ID, PROFILE, installFakeApi } from '../../../helpers/fake-chat-api';

// The server renders `/` from the profile; the browser hydrates that HTML with the same data.

const PROFILE_QUERY = [{ queryKey: ['profile'], data: PROFILE }];
let root: Root | undefined;
/** Hydration errors (a mismatch makes React throw the server's HTML away) and console errors. */
let problems: string[];

beforeEach(() => {
  problems = [];
  // Rendering for the server and hydrating in one process makes React warn that two renderers
  // share the app's contexts, which cannot happen in a real browser; every other error counts.
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (!text.includes('multiple renderers concurrently rendering the same context provider'))
      problems.push(text);
  });
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => {
  expect(problems).toEqual([]);
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Puts the server's page in the document, as the browser receives it, and hydrates it. */
async function hydrateServerPage(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="initial-data">${serializeInitialData(PROFILE_QUERY)}</script>`;
  const greeting = screen.getByText(/^Hi! I'm the AI clone/);
  const queryClient = createQueryClient();
  seedQueryClient(queryClient, readInitialData(document));
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, <App queryClient={queryClient} hydrating />, {
      onRecoverableError: (error) => problems.push(`recoverable: ${String(error)}`),
    });
  });
  return { greeting };
}

describe('the prerendered pages', () => {
  it('notices a page that does not match (the check below can fail)', async () => {
    const api = installFakeApi();
    api.on('POST /api/conversations', () => json(201, { id: CONVERSATION_ID }));
    const html = (await renderPage('/', PROFILE_QUERY)).html.replace('Ask me anything', 'Ask me nothing');
    await hydrateServerPage(html);
    expect(problems.length).toBeGreaterThan(0);
    problems = [];
  });

  it('renders the greeting, the owner and the quick questions of / with no JavaScript', async () => {
    const page = await renderPage('/', PROFILE_QUERY);
    expect(page.status).toBe(200);
    expect(page.html).toContain(PROFILE.greeting.replace(/'/g, '&#x27;'));
    expect(page.html).toContain('AI Solutions Architect');
    for (const { label } of PROFILE.quickQuestions) expect(page.html).toContain(label);
    expect(page.title).toBe("Chat with Alex Morgan's AI Clone");
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const page = await renderPage('/no/such/page', []);
    expect(page.status).toBe(404);
    expect(page.html).toContain('404 Page Not Found');
    // Without the profile the title has no name; the server's page head adds it (page-head.ts).
    expect(page.kind).toBe('not-found');
    expect(page.title).toBe('Page not found');
  });

  // The built server renders each route once and answers every path it matches with that HTML.
  it('lists every route of the app, in its order, for the server to render once', () => {
    const source = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../client/src/app.tsx'),
      'utf8',
    );
    const routes = [...source.matchAll(/<Route path="([^"]+)"/g)].map((match) => match[1]);
    expect(PAGE_ROUTES).toEqual(routes);
  });

  it('renders a page from its route alone, whatever its parameters or query string', async () => {
    const same = async (a: string, b: string) =>
      expect(await renderPage(a, [])).toEqual(await renderPage(b, []));
    await same('/demo-checkout/sample', '/demo-checkout/cs_test_a1B2?x=1');
    await same('/owner', '/owner?next=%2Fvoice');
    await same('/voice', '/voice?checkout=cancelled');
    await same('/__not-found__', '/no/such/page');
  });

  it('hydrates / without a mismatch, keeping the painted greeting, then starts the chat', async () => {
    const api = installFakeApi();
    api.on('POST /api/conversations', () => json(201, { id: CONVERSATION_ID }));
    const { greeting } = await hydrateServerPage((await renderPage('/', PROFILE_QUERY)).html);
    // The same element: hydration adopted the server's HTML rather than painting it again.
    expect(screen.getByText(PROFILE.greeting)).toBe(greeting);
    await waitFor(() => expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(CONVERSATION_ID));
    // The profile came with the page: the browser did not ask for it again.
    expect(api.calls('GET /api/profile')).toHaveLength(0);
  });

  it('hydrates / for a returning visitor without a mismatch, then loads the kept conversation', async () => {
    localStorage.setItem(CONVERSATION_STORAGE_KEY, CONVERSATION_ID);
    const api = installFakeApi();
    api.on(`GET /api/conversations/${CONVERSATION_ID}/messages`, () =>
      json(200, [
        { id: 'm1', role: 'user', content: 'Hello from before', timestamp: new Date().toISOString() },
      ]),
    );
    await hydrateServerPage((await renderPage('/', PROFILE_QUERY)).html);
    await screen.findByText('Hello from before');
    expect(api.calls('POST /api/conversations')).toHaveLength(0);
  });

  it('prerenders the sign-in form of /owner, not a spinner, and hydrates it without a mismatch', async () => {
    const page = await renderPage('/owner', []);
    expect(page.html).toContain('Owner sign-in');
    expect(page.html).toMatch(/<input[^>]+name="password"/);
    expect(page.html).not.toContain('Loading');
    const api = installFakeApi();
    api.on('GET /api/owner/session', () => json(401, { message: 'Please sign in' }));
    window.history.replaceState(null, '', '/owner');
    document.body.innerHTML = `<div id="root">${page.html}</div>`;
    const heading = screen.getByRole('heading', { name: 'Owner sign-in' });
    await act(async () => {
      root = hydrateRoot(
        document.getElementById('root')!,
        <App queryClient={createQueryClient()} hydrating />,
        {
          onRecoverableError: (error) => problems.push(`recoverable: ${String(error)}`),
        },
      );
    });
    await waitFor(() => expect(api.calls('GET /api/owner/session')).toHaveLength(1));
    // Signed out: the painted form stays, the same element.
    expect(screen.getByRole('heading', { name: 'Owner sign-in' })).toBe(heading);
  });
});
