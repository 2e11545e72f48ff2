import type { Page } from 'playwright-core';

/**
 * Waits until the chat's reply in flight has ended: Send is back in place of Stop and no message
 * shows the streaming caret. The offline clone streams word by word, so a reply takes seconds.
 */
export async function waitForReplyToEnd(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send message' }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('.streaming-caret'));
}
