import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tailwindConfig from '../../tailwind.config';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { fixtureOwnerDir } from '../helpers/fixture-owners';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// The first visit: pages arrive rendered from the owner's content (readable with JavaScript off),
// hydrate without moving, travel compressed, and the chat's reply still streams token by token.

const brandTheme = tailwindConfig.theme.extend;
const CONTENT_DIR = fixtureOwnerDir('alex-morgan');
const GREETING = JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, 'profile.json'), 'utf8'))
  .greeting as string;

describe('the first paint', () => {
  // A copy of the owner's content, which the last test edits.
  let contentDir: string;
  beforeAll(() => {
    contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-content-'));
    fs.cpSync(CONTENT_DIR, contentDir, { recursive: true });
  });
  afterAll(() => {
    fs.rmSync(contentDir, { recursive: true, force: true });
  });
  const server = useBuiltServer(() => ({ CONTENT_DIR: contentDir }));
  const browser = useChromium();

  it('shows the greeting, the quick questions, /voice and the 404 page with JavaScript off', async () => {
    const { context, page } = await browser.openPage({ viewport: PHONE, javaScriptEnabled: false });
    const home = await page.goto(server.url);
    expect(home?.status()).toBe(200);
    expect(await page.getByText(GREETING).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'AI Solutions', exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe("Chat with Alex Morgan's AI Clone");
    await screenshot(page, 'first-paint-phone-no-js');

    const voice = await page.goto(`${server.url}/voice`);
    expect(voice?.status()).toBe(200);
    expect(await page.getByRole('heading', { name: 'Voice Clone Access' }).isVisible()).toBe(true);

    const missing = await page.goto(`${server.url}/no/such/page`);
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    await context.close();
  });

  it('paints each page with only the rules its markup uses exactly as with the whole stylesheet', async () => {
    // The page inlines the part of the stylesheet its first paint needs; the loader fetches the whole
    // one after the paint. With the app's scripts and that stylesheet held back, each page at each size
    // in each theme must look the same as with the whole stylesheet added.
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await browser.openPage({ viewport, colorScheme });
        await page.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
        for (const pathname of ['/', '/voice', '/owner']) {
          await page.goto(server.url + pathname);
          const href = await page.locator('style[data-whole]').getAttribute('data-whole');
          const inlined = await page.screenshot({ fullPage: true, animations: 'disabled' });
          const whole = await (await page.request.get(server.url + href!)).text();
          expect(whole.length).toBeGreaterThan((await page.locator('style').first().innerHTML()).length);
          await page.addStyleTag({ content: whole });
          const withWhole = await page.screenshot({ fullPage: true, animations: 'disabled' });
          expect(inlined.equals(withWhole), `${pathname} ${colorScheme} ${viewport.width}px`).toBe(true);
        }
        await context.close();
      }
    }
  });

  it('sends no form before the app runs: nothing typed can reach a URL', async () => {
    const { context, page } = await browser.openPage({ viewport: PHONE });
    // The app's scripts never arrive: the page stays as the server painted it.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto(server.url);
    // A native submit of the painted composer would load `/?…` with the form's fields.
    const isSubmitHeld = await page.evaluate(() => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      document.querySelector('form')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(isSubmitHeld).toBe(true);
    expect(page.url()).toBe(`${server.url}/`);
    await context.close();
  });

  it('hydrates / without repainting or moving anything, with compressed scripts', async () => {
    const { context, page, errors } = await browser.openPage({ viewport: DESKTOP });
    // A slow phone's CPU: its parser yields often, and a page painted half-parsed then moves.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Watch from the first byte: nodes React removes (a failed hydration paints again) and
    // layout shifts.
    await page.addInitScript(() => {
      const removed: string[] = [];
      const sources: string[] = [];
      let shift = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) removed.push(node.textContent ?? '');
        }
      }).observe(document, { childList: true, subtree: true });
      type Shift = {
        value: number;
        sources?: { node?: Node; previousRect: DOMRect; currentRect: DOMRect }[];
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          shift += entry.value;
          for (const source of entry.sources ?? []) {
            const where = (rect: DOMRect) => `${rect.x},${rect.y} ${rect.width}x${rect.height}`;
            const node =
              source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : source.node?.nodeName;
            sources.push(
              `${entry.value.toFixed(6)} ${node}: ${where(source.previousRect)} -> ${where(source.currentRect)}`,
            );
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
      Object.assign(window, { firstPaint: { removed, sources, shift: () => shift } });
    });
    const scriptEncodings: (string | undefined)[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scriptEncodings.push(res.headers()['content-encoding']);
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => localStorage.getItem('chat.conversationId'));
    await page.getByRole('textbox', { name: 'Message' }).and(page.locator(':enabled')).waitFor();
    const seen = await page.evaluate(() => {
      const { removed, sources, shift } = (
        window as unknown as { firstPaint: { removed: string[]; sources: string[]; shift(): number } }
      ).firstPaint;
      return { removed, sources, shift: shift() };
    });
    expect(seen.removed.filter((text) => text.includes('AI clone of'))).toEqual([]);
    // Nothing is painted before the whole page's markup is parsed (the element the head's
    // render-blocking link expects follows the page).
    const expected = await page.evaluate(() => {
      const link = document.head.querySelector('link[rel="expect"][blocking="render"]');
      const marker = link && document.querySelector(link.getAttribute('href')!);
      const root = document.getElementById('root')!;
      return Boolean(marker && root.compareDocumentPosition(marker) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(expected).toBe(true);
    // Nothing a visitor could see moves. On a loaded CI machine a shift of about 0.0001 (a pixel of
    // a small element) has been seen once in several runs, its source not yet found: the sources
    // are printed, and anything larger (a panel or a line of text moving gives 0.01 and more) fails.
    if (seen.shift > 0) console.log(`layout shifts while hydrating:\n${seen.sources.join('\n')}`);
    expect(seen.shift, seen.sources.join('\n')).toBeLessThan(0.001);
    // The main script and its chunks travel as brotli (the tiny runtime chunk has no copy).
    expect(scriptEncodings.filter((encoding) => encoding === 'br').length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await screenshot(page, 'first-paint-desktop-hydrated');
    await context.close();
  });

  it('paints the brand colour and corners of tailwind.config.ts', async () => {
    const { context, page } = await browser.openPage();
    try {
      await page.goto(server.url);
      // The page inlines only the classes it uses; the whole stylesheet is there before the app runs.
      await waitForHydration(page);
      const painted = await page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'bg-brand-600 rounded-lg';
        document.body.append(probe);
        const style = getComputedStyle(probe);
        return { color: style.backgroundColor, radius: style.borderTopLeftRadius };
      });
      const hex = brandTheme.colors.brand[600];
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(painted.color).toBe(`rgb(${r}, ${g}, ${b})`);
      expect(painted.radius).toBe(`${parseFloat(brandTheme.borderRadius.lg) * 16}px`);
    } finally {
      await context.close();
    }
  });

  it('streams a reply token by token through compression', async () => {
    const { context, page } = await browser.openPage();
    await page.goto(server.url);
    const id = await page.waitForFunction(() => localStorage.getItem('chat.conversationId'));
    const result = await page.evaluate(
      async (conversationId) => {
        const res = await fetch(`/api/conversations/${conversationId}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify({ content: 'What kind of AI solutions have you built for enterprises?' }),
        });
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        let piecesBeforeEnd = 0;
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          if (!text.includes('event: done')) piecesBeforeEnd += 1;
        }
        return {
          encoding: res.headers.get('content-encoding'),
          piecesBeforeEnd,
          isDone: text.includes('event: done'),
        };
      },
      await id.jsonValue(),
    );
    expect(result.encoding).toBeNull();
    expect(result.isDone).toBe(true);
    expect(result.piecesBeforeEnd).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it('shows a new greeting from the content folder after a restart, with no rebuild', async () => {
    const profileFile = path.join(contentDir, 'profile.json');
    const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as Record<string, unknown>;
    const greeting = 'Hello there! This greeting was changed in content/profile.json.';
    fs.writeFileSync(profileFile, JSON.stringify({ ...profile, greeting }, null, 2));
    await server.restart();
    const html = await (await fetch(server.url)).text();
    expect(html).toContain(greeting);
    expect(html).not.toContain(GREETING.slice(0, 40));
  });
});
