import { describe, expect, it, vi } from 'vitest';
import { createPrerenderedPages, type PrerenderedPage } from '../../../server/prerendered-pages';

// The built site's pages are rendered once per start and kept; each request gets the page of the
// first route its path matches, as the client's router (wouter) would pick it.

const page = (route: string | null, isComplete = true): PrerenderedPage => ({
  route,
  status: route === null ? 404 : 200,
  html: `<main>${route ?? 'not found'}${isComplete ? '' : ' without its data'}</main>`,
  isComplete,
});

const PAGES = [page('/'), page('/voice'), page('/demo-checkout/:sessionId'), page('/owner'), page(null)];

describe('the prerendered pages', () => {
  it('renders once, and answers each path with its route’s page whatever its parameters or query', async () => {
    const prerender = vi.fn(async () => PAGES);
    const pages = createPrerenderedPages(prerender);
    await pages.warm();
    const routeOf = async (url: string) => (await pages.render(url)).html;
    expect(await routeOf('/')).toBe('<main>/</main>');
    expect(await routeOf('/?utm_source=x')).toBe('<main>/</main>');
    expect(await routeOf('/voice')).toBe('<main>/voice</main>');
    // wouter matches a trailing slash, any letter case and the decoded path.
    expect(await routeOf('/Voice/?checkout=cancelled')).toBe('<main>/voice</main>');
    expect(await routeOf('/%76oice')).toBe('<main>/voice</main>');
    expect(await routeOf('/demo-checkout/cs_123')).toBe('<main>/demo-checkout/:sessionId</main>');
    expect(await routeOf('/owner')).toBe('<main>/owner</main>');
    expect(prerender).toHaveBeenCalledTimes(1);
  });

  it('answers a path no route matches with the not-found page and its 404', async () => {
    const pages = createPrerenderedPages(async () => PAGES);
    for (const url of ['/nope', '/demo-checkout', '/demo-checkout/a/b', '/voices', '/%E0%A4%A']) {
      const answer = await pages.render(url);
      expect({ url, status: answer.status, html: answer.html }).toEqual({
        url,
        status: 404,
        html: '<main>not found</main>',
      });
    }
  });

  it('renders again after a rendering that missed some data, at most every ten seconds', async () => {
    let clock = 0;
    const prerender = vi
      .fn<() => Promise<PrerenderedPage[]>>()
      .mockResolvedValueOnce([page('/', false), page(null)])
      .mockResolvedValue(PAGES);
    const pages = createPrerenderedPages(prerender, () => clock);
    expect((await pages.render('/')).html).toBe('<main>/ without its data</main>');
    clock = 5_000;
    expect((await pages.render('/')).html).toBe('<main>/ without its data</main>');
    clock = 10_000;
    // This request still gets the page it waited for; the next one a new rendering.
    await pages.render('/');
    expect((await pages.render('/')).html).toBe('<main>/</main>');
    await pages.render('/');
    expect(prerender).toHaveBeenCalledTimes(2);
  });

  it('tries again on the next request after a rendering that failed', async () => {
    const prerender = vi
      .fn<() => Promise<PrerenderedPage[]>>()
      .mockRejectedValueOnce(new Error('renderer crashed'))
      .mockResolvedValue(PAGES);
    const pages = createPrerenderedPages(prerender);
    await expect(pages.warm()).rejects.toThrow('renderer crashed');
    expect((await pages.render('/owner')).html).toBe('<main>/owner</main>');
  });
});
