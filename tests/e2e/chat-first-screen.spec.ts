import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// The chat's first screen as a visitor meets it: on a phone who this is (photo and name), every
// quick question and the placeholder whole; on a desktop the message box ready (focus, skip
// link); Stop on a slow line never shows the question twice; a long paste says it was cut;
// suggested next questions under a reply; a 404 that speaks to visitors. Light and dark.

const CASES = [
  ['desktop', DESKTOP, 'light'],
  ['phone', PHONE, 'dark'],
] as const;

/** Whether an element's text is cut (wider than its box) or it reaches past the viewport. */
const isCut = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return element.scrollWidth > element.clientWidth + 1 || rect.right > innerWidth || rect.left < 0;
    }),
  );

describe('the chat first screen in Chromium', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  async function open(viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') {
    const { context, page, errors } = await browser.openPage({ viewport, colorScheme, locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.goto(server.url);
    await waitForHydration(page);
    return { page, errors };
  }

  it.each(CASES)('shows who this is and a ready message box at %s size', async (name, viewport, scheme) => {
    const { page, errors } = await open(viewport, scheme);
    const header = page.locator('header').first();
    // The heading keeps its full name for screen readers at every size.
    await page.getByRole('heading', { name: "Chat with Alex Morgan's AI Clone" }).waitFor();
    expect(await header.locator('h1').evaluate((h1) => h1.scrollWidth <= h1.clientWidth)).toBe(true);
    if (name === 'phone') {
      expect(await header.getByTestId('header-owner-name').isVisible()).toBe(true);
      expect(await header.getByTestId('header-owner-name').textContent()).toBe('Alex Morgan');
      // The photo is the button that opens the profile.
      const profileButton = header.getByRole('button', { name: 'Open profile menu' });
      expect(await profileButton.locator('img').isVisible()).toBe(true);
    }
    // Every quick question whole, and the placeholder too.
    expect(await isCut(page, '[aria-label="Quick questions"] button')).toEqual([false, false, false]);
    const placeholderFits = await page.locator('#chat-message').evaluate((element) => {
      const textarea = element as HTMLTextAreaElement;
      const style = getComputedStyle(textarea);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = textarea.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(textarea.placeholder).width <= room;
    });
    expect(placeholderFits).toBe(true);
    await screenshot(page, `chat-first-screen-${name}-${scheme}`);

    if (name === 'desktop') {
      // Focus waits in the message box; the page's first stop for the Tab key is the skip link.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
      const skip = page.getByRole('link', { name: 'Skip to the message box' });
      expect(
        await skip.evaluate(
          (link) =>
            link === document.querySelector('a[href], button:not([disabled]), textarea, input, select'),
        ),
      ).toBe(true);
      await skip.focus();
      expect(await skip.isVisible()).toBe(true);
      await screenshot(page, `chat-skip-link-${name}`);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
    } else {
      // A phone raises no keyboard by itself.
      expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('chat-message');
    }
    expect(errors).toEqual([]);
  });

  it.each(CASES)('says a long paste was cut at %s size', async (name, viewport, scheme) => {
    const { page } = await open(viewport, scheme);
    const input = page.locator('#chat-message');
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'word '.repeat(1_000));
    await input.focus();
    await page.keyboard.press('Control+V');
    await page
      .getByRole('status')
      .filter({ hasText: /the end of what you pasted was left out/ })
      .waitFor();
    expect(await input.inputValue()).toHaveLength(4_000);
    await screenshot(page, `chat-paste-cut-${name}-${scheme}`);
  });

  it.each(CASES)(
    'never doubles a question stopped on a slow line at %s size',
    async (name, viewport, scheme) => {
      const { page } = await open(viewport, scheme);
      // The server stores the question and the reply, but its answer reaches the page late.
      await page.route('**/api/conversations/*/messages', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        await route.fulfill({ response }).catch(() => undefined);
      });
      const question = `What is your response time? (${name})`;
      await page.locator('#chat-message').fill(question);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Stop generating' }).click();
      // After the list is fetched again (the server kept the question), it shows once.
      await page.waitForTimeout(2_000);
      const shown = page.locator('section[aria-label="Conversation"] li').filter({ hasText: question });
      await expect.poll(() => shown.count(), { timeout: 5_000 }).toBe(1);
      await page.waitForTimeout(1_000);
      expect(await shown.count()).toBe(1);
      await screenshot(page, `chat-stop-slow-${name}-${scheme}`);
    },
  );

  it.each(CASES)(
    'suggests next questions under a reply, and sends one at %s size',
    async (name, viewport, scheme) => {
      const { page, errors } = await open(viewport, scheme);
      await page.getByRole('button', { name: 'AI Solutions', exact: true }).click();
      const suggestions = page.getByRole('region', { name: 'Suggested questions' });
      await suggestions.waitFor({ timeout: 20_000 });
      const buttons = suggestions.getByRole('button');
      expect(await buttons.count()).toBe(3);
      const first = (await buttons.first().textContent())!.trim();
      expect(first).not.toBe('What kind of AI solutions have you built for enterprises?');
      expect(await isCut(page, '[aria-label="Suggested questions"] button')).toEqual([false, false, false]);
      expect(await buttons.first().isVisible()).toBe(true);
      await screenshot(page, `chat-suggestions-${name}-${scheme}`);
      await buttons.first().click();
      await page.getByText(`You said: ${first}`, { exact: true }).waitFor();
      // The next reply brings its own.
      await expect
        .poll(() => page.getByRole('region', { name: 'Suggested questions' }).count(), { timeout: 20_000 })
        .toBe(1);
      expect(
        await page
          .getByRole('region', { name: 'Suggested questions' })
          .getByText(first, { exact: true })
          .count(),
      ).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it.each(CASES)('shows a 404 that speaks to visitors at %s size', async (name, viewport, scheme) => {
    const { page } = await browser.openPage({ viewport, colorScheme: scheme, locale: 'en-US' });
    const res = await page.goto(`${server.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText(/This page does not exist/).isVisible()).toBe(true);
    expect(await page.getByText(/router/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to the chat' }).isVisible()).toBe(true);
    await screenshot(page, `not-found-${name}-${scheme}`);
  });
});
