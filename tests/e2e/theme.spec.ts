import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findSeriousViolations } from '../helpers/accessibility';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// Dark mode and page titles in Chromium: the system's scheme by default, the settings button's
// choice remembered across reloads and applied before the app's script runs, and every page
// readable (axe: no serious or critical problem) in both themes at both sizes.

const OWNER = { username: 'owner', password: 'correct horse battery staple' };
const NAME = 'Alex Morgan';
const SCHEDULE_BUTTON = 'Schedule call to learn more about my services';
const VIEWPORTS = { desktop: DESKTOP, phone: PHONE };
const SCHEMES = ['light', 'dark'] as const;

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
/** Lightness of the page's background (Tailwind 4 colours are oklch: the first number). */
const backgroundLightness = (page: Page) =>
  page.evaluate(() => {
    const colour = getComputedStyle(document.body).backgroundColor;
    const oklch = /oklch\(([\d.]+)/.exec(colour);
    if (oklch) return Number(oklch[1]) > 1 ? Number(oklch[1]) / 100 : Number(oklch[1]);
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).map(Number);
    return ((r ?? 0) + (g ?? 0) + (b ?? 0)) / 765;
  });

/** The page shows in `scheme`, has `title`, passes axe; saves a screenshot to look at. */
async function checkPage(
  page: Page,
  { scheme, size, name, title }: { scheme: string; size: string; name: string; title: string },
) {
  expect(await isDark(page)).toBe(scheme === 'dark');
  const lightness = await backgroundLightness(page);
  expect(scheme === 'dark' ? lightness < 0.3 : lightness > 0.9).toBe(true);
  await expect.poll(() => page.title()).toBe(title);
  expect(await findSeriousViolations(page)).toEqual([]);
  await screenshot(page, `theme-${name}-${scheme}-${size}`);
}

describe('the themes in Chromium', () => {
  const server = useBuiltServer({ OWNER_USERNAME: OWNER.username, OWNER_PASSWORD: OWNER.password });
  const browser = useChromium();

  const newPage = (viewport: { width: number; height: number }, colorScheme: 'light' | 'dark') =>
    browser.openPage({ viewport, colorScheme, locale: 'en-US' });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      it(`shows every page in the system's ${scheme} theme on a ${size}, readable`, async () => {
        const { page, errors } = await newPage(viewport, scheme);
        const check = (name: string, title: string) => checkPage(page, { scheme, size, name, title });

        await page.goto(server.url);
        await page
          .getByText(/I'm the AI clone of Alex Morgan/)
          .first()
          .waitFor();
        await waitForHydration(page);
        await check('chat', `Chat with ${NAME}'s AI Clone`);

        // A question and the clone's reply: the visitor's bubble, the reply's Markdown.
        const input = page.getByRole('textbox', { name: 'Message' });
        await input.fill('What kind of AI solutions have you built for enterprises?');
        await page.keyboard.press('Enter');
        await page.locator('.streaming-caret').waitFor({ timeout: 15_000 });
        await page.locator('.streaming-caret').waitFor({ state: 'detached', timeout: 30_000 });
        await input.and(page.locator(':enabled')).waitFor();
        await check('chat-reply', `Chat with ${NAME}'s AI Clone`);

        await page.mouse.move(0, 0);
        await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
        const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
        await dialog.getByLabel('Date').locator('option').nth(1).waitFor({ state: 'attached' });
        await check('booking', `Chat with ${NAME}'s AI Clone`);
        // A request without a slot (each run books nothing): the success toast over the chat.
        await dialog.getByLabel('Full name').fill(`Theme ${scheme} ${size}`);
        await dialog.getByLabel('Phone').fill('+1 617 555 0142');
        await dialog.getByLabel('E-mail').fill(`theme.${scheme}.${size}@example.com`);
        await dialog.getByLabel('Preferred time').fill('Any weekday morning');
        await dialog.getByRole('button', { name: 'Submit Request' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await page
          .getByText("Your contact request has been submitted. I'll get back to you soon!")
          .first()
          .waitFor();
        await check('booking-success', `Chat with ${NAME}'s AI Clone`);

        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByRole('group', { name: 'Theme' }).waitFor();
        await check('settings', `Chat with ${NAME}'s AI Clone`);
        await page.keyboard.press('Escape');

        await page.goto(`${server.url}/voice`);
        await page.getByRole('heading', { name: 'Voice Clone Access' }).waitFor();
        await waitForHydration(page);
        await check('voice', `Talk by voice · ${NAME}`);

        const missing = await page.goto(`${server.url}/no/such/page`);
        expect(missing?.status()).toBe(404);
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await waitForHydration(page);
        await check('not-found', `Page not found · ${NAME}`);

        await page.goto(`${server.url}/owner`);
        await page.getByRole('heading', { name: 'Owner sign-in' }).waitFor();
        // Judged once the code runs: the prerendered Sign in is enabled then, and a scan during that
        // change sees the button halfway between its two looks.
        await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
        await check('owner-sign-in', `Owner desk · ${NAME}`);
        await page.getByLabel('Username').fill(OWNER.username);
        await page.getByLabel('Password').fill(OWNER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Owner desk' }).waitFor();
        await check('owner-desk', `Owner desk · ${NAME}`);

        // The browser logs the not-found page's 404 and the owner-session check's 401 before sign-in.
        expect(errors.filter((e) => !/status of 40[14]/.test(e))).toEqual([]);
      });
    }
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`remembers the settings button's choice across reloads, applied before the app's script, on a ${size}`, async () => {
      const { page, errors } = await newPage(viewport, 'light');
      await page.goto(server.url);
      await waitForHydration(page);
      expect(await isDark(page)).toBe(false);

      const settings = page.getByRole('button', { name: 'Settings' });
      await settings.click();
      expect(await settings.getAttribute('aria-expanded')).toBe('true');
      const theme = page.getByRole('group', { name: 'Theme' });
      expect(await theme.getByRole('radio', { name: 'System' }).isChecked()).toBe(true);
      await theme.getByText('Dark').click();
      expect(await isDark(page)).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await screenshot(page, `theme-toggle-dark-${size}`);
      // Escape closes the menu and gives focus back to its button.
      await page.keyboard.press('Escape');
      await theme.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Settings');

      // With the app's scripts held back, the page still paints dark: the class comes from the
      // page's <head>, not from the app.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      await page
        .getByText(/I'm the AI clone of Alex Morgan/)
        .first()
        .waitFor();
      expect(await isDark(page)).toBe(true);
      expect(await backgroundLightness(page)).toBeLessThan(0.3);
      expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await page.unroute('**/assets/*.js');

      await page.reload();
      await waitForHydration(page);
      await settings.click();
      expect(await theme.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

      // Light overrides a dark system; System follows the system again, live.
      await page.emulateMedia({ colorScheme: 'dark' });
      await theme.getByText('Light').click();
      expect(await isDark(page)).toBe(false);
      await theme.getByText('System').click();
      expect(await isDark(page)).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(() => isDark(page)).toBe(false);
      // The aborted scripts are logged as failed loads; nothing else may be.
      expect(errors.filter((e) => !/ERR_FAILED|Failed to (load|fetch)/i.test(e))).toEqual([]);
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const scheme of SCHEMES) {
      it(`shows the voice journey in the ${scheme} theme on a ${size}, readable`, async () => {
        const { page, errors } = await newPage(viewport, scheme);
        const check = (name: string, title: string) => checkPage(page, { scheme, size, name, title });
        const voiceTitle = `Talk by voice · ${NAME}`;
        await page.goto(`${server.url}/voice`);
        await page.getByRole('heading', { name: 'Voice Clone Access' }).waitFor();
        await waitForHydration(page);
        await page.getByLabel('E-mail address').fill(`theme-${scheme}-${size}@example.com`);
        await page.getByRole('button', { name: 'Access Voice Clone' }).click();
        // The plans at once; the code card when the visitor asks to confirm the e-mail.
        await page.getByText('No Subscription').waitFor();
        await check('voice-plans', voiceTitle);
        await page.getByRole('button', { name: 'Confirm your e-mail' }).click();
        await page.getByRole('button', { name: 'Send code' }).click();
        const code = (await page.getByTestId('demo-code').textContent())?.trim() ?? '';
        await page.getByLabel('6-digit code').fill(code);
        await check('voice-verify', voiceTitle);
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('heading', { name: "Verify it's you" }).waitFor({ state: 'detached' });
        const plan = page.getByRole('radio', { name: /\bProfessional\b/ });
        await page.locator('label').filter({ has: plan }).click();
        await page.getByRole('button', { name: 'Subscribe Now' }).click();
        await page.waitForURL(/\/demo-checkout\//);
        await page.getByText('Demo checkout — no card is charged').waitFor();
        await check('demo-checkout', `Checkout · ${NAME}`);
        await page.getByRole('button', { name: 'Confirm demo subscription' }).click();
        await page.waitForURL(/\/voice/);
        await page.getByText('Subscribed', { exact: true }).waitFor();
        await check('voice-subscribed', voiceTitle);
        expect(errors).toEqual([]);
      });
    }
  }

  it('updates the title on client-side navigation', async () => {
    const { page, errors } = await newPage(DESKTOP, 'light');
    await page.goto(server.url);
    await waitForHydration(page);
    expect(await page.title()).toBe(`Chat with ${NAME}'s AI Clone`);
    await page
      .getByRole('complementary', { name: 'Profile' })
      .getByRole('link', { name: 'Voice Call' })
      .click();
    await page.getByRole('heading', { name: 'Voice Clone Access' }).waitFor();
    await expect.poll(() => page.title()).toBe(`Talk by voice · ${NAME}`);
    await page.goBack();
    await expect.poll(() => page.title()).toBe(`Chat with ${NAME}'s AI Clone`);
    expect(errors).toEqual([]);
  });
});
