import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat';
import { findSeriousViolations } from '../helpers/accessibility';
import { waitForReplyToEnd } from '../helpers/browser-chat';
import { DESKTOP, PHONE, screenshot } from '../helpers/e2e';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// What a visitor does with replies and chats beyond sending: copy, regenerate, stop (and see it
// marked), read above while a reply grows (and jump back), export as Markdown, start a new chat
// and go back to the earlier one. At both sizes, against the built app's offline clone.

describe('chat actions', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  describe.each([
    { name: 'desktop', viewport: DESKTOP, isMobile: false },
    { name: 'phone', viewport: PHONE, isMobile: true },
    // The same states in the dark theme, where axe checks their contrast.
    { name: 'phone-dark', viewport: PHONE, isMobile: true, colorScheme: 'dark' as const },
  ])('on a $name', ({ name, viewport, isMobile, colorScheme }) => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      ({ context, page, errors } = await browser.openPage({
        viewport,
        isMobile,
        hasTouch: isMobile,
        acceptDownloads: true,
        colorScheme: colorScheme ?? 'light',
      }));
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    });
    afterAll(async () => {
      await context?.close();
    });

    const conversation = () => page.getByRole('region', { name: 'Conversation' });
    const messages = () => conversation().locator(':scope > div > ol > li');
    const lastReply = () => messages().last();
    const storedMessages = async () => {
      const id = await page.evaluate(() => localStorage.getItem('chat.conversationId'));
      return (await (
        await page.request.get(`${server.url}/api/conversations/${id}/messages`)
      ).json()) as ChatMessage[];
    };
    /** The reply in flight is done; with `storedCount`, once the server holds that many messages. */
    const waitForReply = async (storedCount?: number) => {
      if (storedCount !== undefined) {
        await expect.poll(async () => (await storedMessages()).length, { timeout: 30_000 }).toBe(storedCount);
      }
      await waitForReplyToEnd(page);
    };
    /** Clicks the quick question `label` and waits for its reply (`storedCount` messages in all). */
    const askQuickQuestion = async (label: string, storedCount: number) => {
      await page.getByRole('button', { name: label }).click();
      await waitForReply(storedCount);
    };

    it('copies a reply with the keyboard and says "Copied"', async () => {
      await page.goto(server.url);
      await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
      await askQuickQuestion('AI Solutions', 2);
      const copy = lastReply().getByRole('button', { name: 'Copy reply' });
      await copy.focus();
      await page.keyboard.press('Enter');
      await copy.getByText('Copied', { exact: true }).waitFor();
      const stored = await storedMessages();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(stored.at(-1)!.content);
      await screenshot(page, `chat-actions-${name}-copied`);
    });

    it('regenerates the last reply in place', async () => {
      const before = await storedMessages();
      // Only the last reply offers it.
      expect(await conversation().getByRole('button', { name: 'Regenerate reply' }).count()).toBe(1);
      await lastReply().getByRole('button', { name: 'Regenerate reply' }).click();
      await page.locator('.streaming-caret').waitFor({ timeout: 15_000 });
      await waitForReply();
      await expect.poll(async () => (await storedMessages()).at(-1)!.id).not.toBe(before.at(-1)!.id);
      const after = await storedMessages();
      expect(after.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(after[0]).toEqual(before[0]);
      expect(await messages().count()).toBe(2);
    });

    it('marks a stopped reply, also after a reload', async () => {
      await page.getByRole('button', { name: 'Work Together', exact: true }).click();
      await page.locator('.streaming-caret').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Stop generating' }).click();
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      await lastReply().getByText('Stopped', { exact: true }).waitFor();
      await expect.poll(async () => (await storedMessages()).at(-1)?.isStopped).toBe(true);
      await screenshot(page, `chat-actions-${name}-stopped`);
      await page.reload();
      await lastReply().getByText('Stopped', { exact: true }).waitFor();
      expect(await messages().count()).toBe(4);
    });

    it('leaves the list alone while the visitor reads above, and offers a jump to the latest', async () => {
      const list = conversation();
      await page.getByRole('button', { name: 'Cloud Architecture', exact: true }).click();
      await page.locator('.streaming-caret').waitFor({ timeout: 15_000 });
      // The visitor scrolls up to read while the reply grows.
      await list.hover();
      // (Chromium scrolls a wheel off the main thread; a word that lands before the page hears of
      // it can still end the scroll short. A visitor then scrolls again, and so does this test.)
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, -5000);
          return list.evaluate((el) => el.scrollTop);
        })
        .toBeLessThan(100);
      const jump = page.getByRole('button', { name: 'Jump to latest' });
      await jump.waitFor();
      await waitForReply();
      await page.waitForTimeout(500);
      // The finished reply and the refetched list did not pull the visitor down.
      expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(100);
      expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeGreaterThan(
        300,
      );
      // Only the list scrolled: the page itself stays put, header and composer in view.
      expect(await page.evaluate(() => document.scrollingElement?.scrollTop)).toBe(0);
      await screenshot(page, `chat-actions-${name}-jump`);
      await jump.click();
      await expect
        .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
        .toBeLessThan(2);
      await jump.waitFor({ state: 'detached' });
    });

    it('exports the transcript as Markdown', async () => {
      await page.getByRole('button', { name: 'Export transcript' }).click();
      await page.getByRole('menu', { name: 'Export transcript as' }).waitFor();
      await screenshot(page, `chat-actions-${name}-export-menu`);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'Markdown (.md)' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^conversation-transcript-\d{4}-\d{2}-\d{2}\.md$/);
      const markdown = fs.readFileSync(await download.path(), 'utf8');
      expect(markdown.startsWith("# Conversation with Alex Morgan's AI clone\n")).toBe(true);
      expect(markdown).toContain('What kind of AI solutions have you built for enterprises?');
      expect(markdown).toMatch(/\(stopped\)\n/);
      expect(markdown.match(/^\*\*You\*\*/gm)).toHaveLength(3);
      await page.getByText('Transcript exported successfully').first().waitFor();
    });

    it('starts a new chat and goes back to the earlier one', async () => {
      const earlierId = await page.evaluate(() => localStorage.getItem('chat.conversationId'));
      await page.getByRole('button', { name: 'Your chats' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your chats' });
      const list = dialog.getByRole('list', { name: 'Earlier chats' });
      await list.getByRole('button').first().waitFor();
      expect(await list.getByRole('button').count()).toBe(1);
      await dialog.getByRole('button', { name: 'New chat' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('chat.conversationId')))
        .not.toBe(earlierId);
      await page.getByRole('textbox', { name: 'Message' }).fill('Where are you based?');
      await page.keyboard.press('Enter');
      await waitForReply(2);
      await expect.poll(() => messages().count()).toBe(2);

      await page.getByRole('button', { name: 'Your chats' }).click();
      await expect.poll(() => list.getByRole('button').count()).toBe(2);
      await screenshot(page, `chat-actions-${name}-chats`);
      expect(await findSeriousViolations(page)).toEqual([]);
      await list.getByRole('button', { name: /What kind of AI solutions/ }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => messages().count()).toBe(6);
      expect(await page.evaluate(() => localStorage.getItem('chat.conversationId'))).toBe(earlierId);
    });

    it('has no serious accessibility problems, no console errors and nothing sticking out', async () => {
      expect(await findSeriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(
        viewport.height,
      );
      expect(errors).toEqual([]);
    });
  });
});
