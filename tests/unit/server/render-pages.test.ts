import { describe, expect, it, vi } from 'vitest';
import { createPageRenderer, renderPageHtml, type RenderEntry } from '../../../server/render-pages';

const TEMPLATE =
  '<html><head><title>Site</title><script type="application/json" id="page-modules">["/assets/index.js"]</script></head><body><div id="root"></div></body></html>';

function fakeEntry() {
  const entry = {
    PAGE_QUERIES: { '/': [['profile']], '/voice': [['voice', 'config']] },
    PAGE_ROUTES: ['/', '/voice'],
    INITIAL_DATA_ID: 'initial-data',
    serializeInitialData: (queries: readonly unknown[]) => JSON.stringify(queries).replace(/</g, '\\u003c'),
    renderPage: vi.fn(async (url: string, queries: readonly { data: unknown }[]) => ({
      status: url.startsWith('/nope') ? 404 : 200,
      html: `<main>${url} ${JSON.stringify(queries.map((q) => q.data))}</main>`,
      title: url === '/' ? 'Chat with <Alex>' : undefined,
    })),
  } satisfies RenderEntry;
  return entry;
}

function setup(fetchJson = vi.fn(async (apiPath: string) => ({ from: apiPath }))) {
  const entry = fakeEntry();
  const renderer = createPageRenderer({
    loadEntry: async () => entry,
    loadTemplate: async () => TEMPLATE,
    fetchJson,
    listPreloads: (pathname) => (pathname === '/voice' ? ['/assets/voice.js'] : []),
  });
  return { entry, renderer, fetchJson };
}

describe('rendering pages on the server (development renders each request)', () => {
  it('puts the page into the root, with its data embedded and its title', async () => {
    const { renderer, fetchJson } = setup();
    const page = await renderer.render('/');
    expect(fetchJson).toHaveBeenCalledWith('/api/profile');
    expect(page.status).toBe(200);
    expect(page.html).toContain('<div id="root"><main>/ [{"from":"/api/profile"}]</main></div>');
    expect(page.html).toContain(
      '<script type="application/json" id="initial-data">[{"queryKey":["profile"],"data":{"from":"/api/profile"}}]</script>',
    );
    expect(page.html).toContain('<title>Chat with &#60;Alex&#62;</title>');
  });

  it('lists a lazy page’s chunks for the loader to preload', async () => {
    const { renderer } = setup();
    const page = await renderer.render('/voice');
    expect(page.html).toContain('id="page-modules">["/assets/voice.js","/assets/index.js"]</script>');
  });

  it('renders other paths on each request, without data, with their status', async () => {
    const { renderer, entry, fetchJson } = setup();
    const page = await renderer.render('/nope');
    await renderer.render('/nope');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<main>/nope []</main>');
    expect(entry.renderPage).toHaveBeenCalledTimes(2);
    expect(fetchJson).not.toHaveBeenCalled();
  });

  it('renders without data the API could not give, and says it is incomplete', async () => {
    const fetchJson = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ name: 'Alex' });
    const options = {
      loadEntry: async () => fakeEntry(),
      loadTemplate: async () => TEMPLATE,
      fetchJson,
    };
    const first = await renderPageHtml(options, '/');
    expect(first.page.html).toContain('<main>/ []</main>');
    expect(first.isComplete).toBe(false);
    const second = await renderPageHtml(options, '/');
    expect(second.page.html).toContain('<main>/ [{"name":"Alex"}]</main>');
    expect(second.isComplete).toBe(true);
  });
});
