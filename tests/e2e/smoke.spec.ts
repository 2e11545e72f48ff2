import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, startServer, watchConsoleErrors, type RunningServer } from '../helpers/e2e';

describe('the built app in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // One after the other: if the browser cannot start, afterAll still stops the server.
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the 404 screen for unknown paths', async () => {
    const page = await browser.newPage();
    const errors = watchConsoleErrors(page);
    await page.goto(`${server.url}/no/such/page`);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).resolves.toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
