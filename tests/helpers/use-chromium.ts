import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, watchConsoleErrors } from './e2e';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors, for a test to assert there were none. */
  errors: string[];
}

export interface Chromium {
  /** A new browser context (a fresh visitor), closed after the file's tests. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * A page in a new context, watched for console errors; `initScript` runs in every document
   * before the app's own scripts (test doubles for browser APIs).
   */
  openPage(options?: BrowserContextOptions & { initScript?: string }): Promise<OpenedPage>;
}

/**
 * Headless Chromium for a file's browser tests: launched before its tests, closed after them
 * with every context it opened. Call it after useBuiltServer, so the browser closes first.
 */
export function useChromium(): Chromium {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // A context a test closed itself is closed again without complaint.
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  const newContext = async (options: BrowserContextOptions = {}) => {
    if (!browser) throw new Error('Chromium has not started');
    const context = await browser.newContext(options);
    contexts.push(context);
    return context;
  };
  return {
    newContext,
    async openPage({ initScript, ...options } = {}) {
      const context = await newContext(options);
      if (initScript) await context.addInitScript({ content: initScript });
      const page = await context.newPage();
      return { context, page, errors: watchConsoleErrors(page) };
    },
  };
}
