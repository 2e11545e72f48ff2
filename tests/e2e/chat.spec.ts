import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from '../helpers/accessibility';
import { waitForReplyToEnd } from '../helpers/browser-chat';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// The chat screen at `/` in Chromium, against the built app with the offline clone (it streams
// word by word, so a reply visibly grows).

const QUESTION = 'What kind of AI solutions have you built for enterprises?';

const todayInBrowser = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

describe('the chat screen', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  describe('on a desktop', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    const conversationPosts: string[] = [];

    beforeAll(async () => {
      ({ context, page, errors } = await browser.openPage({ viewport: DESKTOP, acceptDownloads: true }));
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/conversations') {
          conversationPosts.push(request.url());
        }
      });
    });
    afterAll(async () => {
      await context?.close();
    });

    const conversation = () => page.getByRole('region', { name: 'Conversation' });
    // The messages themselves (a reply's own Markdown lists are list items too).
    const messages = () => conversation().locator(':scope > div > ol > li');
    const input = () => page.getByRole('textbox', { name: 'Message' });
    const stop = () => page.getByRole('button', { name: 'Stop generating' });

    it('shows the welcome, the header and the profile sidebar', async () => {
      await page.goto(server.url);
      await conversation()
        .getByText(/I'm the AI clone of Alex Morgan, an AI Solutions Architect with 20 years of experience/)
        .waitFor();
      await expect(
        page.getByRole('heading', { name: "Chat with Alex Morgan's AI Clone" }).isVisible(),
      ).resolves.toBe(true);

      const sidebar = page.getByRole('complementary', { name: 'Profile' });
      await sidebar.getByRole('heading', { name: 'Alex Morgan' }).waitFor();
      expect(await sidebar.getByText('Online & Ready').isVisible()).toBe(true);
      expect(await sidebar.getByRole('link', { name: 'Voice Call' }).getAttribute('href')).toBe('/voice');
      expect(
        await sidebar
          .getByRole('region', { name: 'Expertise' })
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading') })
          .count(),
      ).toBe(4);
      expect(
        await sidebar
          .getByRole('region', { name: 'Quick Stats' })
          .getByText('100+ enterprise solutions')
          .isVisible(),
      ).toBe(true);
      // The photo is served and decoded.
      const photo = sidebar.getByRole('img', { name: 'Alex Morgan' });
      await expect(
        photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      ).resolves.toBe(true);
      // Nothing to export before the first message; the menu button is for small screens only.
      expect(await page.getByRole('button', { name: 'Export transcript' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Open profile menu' }).isVisible()).toBe(false);
      await screenshot(page, 'chat-desktop-welcome');
    });

    it('streams the reply to a quick question, then shows the stored reply', async () => {
      // The list follows the reply; nothing may throw the view back up (e.g. a reply blinking
      // out as it moves from the stream into the list).
      await page.evaluate(() => {
        const list = document.querySelector('section[aria-label="Conversation"]') as HTMLElement;
        const jumps: number[] = [];
        let last = list.scrollTop;
        list.addEventListener('scroll', () => {
          if (list.scrollTop < last - 40) jumps.push(last - list.scrollTop);
          last = list.scrollTop;
        });
        Object.assign(window, { scrollJumps: jumps });
      });
      await page.getByRole('button', { name: 'AI Solutions', exact: true }).click();
      await expect(conversation().getByText(QUESTION).isVisible()).resolves.toBe(true);
      expect(await page.getByRole('button', { name: 'Cloud Architecture', exact: true }).isDisabled()).toBe(
        true,
      );
      expect(await input().isDisabled()).toBe(true);

      // Sample the growing reply while the Stop button shows (the reply is in flight).
      const streaming = page.locator('.streaming-caret');
      await streaming.waitFor({ timeout: 15_000 });
      const started = Date.now();
      const lengths = await page.evaluate(async () => {
        // One sample a painted frame (what a visitor sees), until the reply is complete.
        const seen: number[] = [];
        const startedAt = performance.now();
        while (performance.now() - startedAt < 10_000) {
          const node = document.querySelector('.streaming-caret');
          if (!node) break;
          seen.push(node.textContent?.length ?? 0);
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        return seen;
      });
      console.log(
        `reply streamed for about ${Date.now() - started} ms in ${new Set(lengths).size} visible steps`,
      );
      const distinct = [...new Set(lengths)];
      expect(distinct.length).toBeGreaterThan(2);
      expect(distinct).toEqual([...distinct].sort((a, b) => a - b));

      await waitForReplyToEnd(page);
      const reply = messages().last();
      expect(await reply.textContent()).toMatch(/Alex's AI clone said:.*Claims triage assistant/s);
      expect(await reply.getByText('Just now').isVisible()).toBe(true);
      // The reply's Markdown is rendered (the projects as a list).
      expect(await reply.locator('.markdown li').count()).toBeGreaterThan(1);
      expect(await page.getByRole('button', { name: 'Export transcript' }).isEnabled()).toBe(true);
      // Two painted frames after the last render: any late scroll would have happened by then.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      expect(await page.evaluate(() => (window as unknown as { scrollJumps: number[] }).scrollJumps)).toEqual(
        [],
      );
      await screenshot(page, 'chat-desktop-reply');
    });

    it('keeps Shift+Enter as a new line and sends with Enter', async () => {
      await input().click();
      await page.keyboard.type('Where are you based?');
      await page.keyboard.press('Shift+Enter');
      await page.keyboard.type('And how fast do you respond?');
      expect(await input().inputValue()).toBe('Where are you based?\nAnd how fast do you respond?');
      const before = await messages().count();
      expect(before).toBe(2);

      await page.keyboard.press('Enter');
      expect(await input().inputValue()).toBe('');
      const sent = messages().filter({ hasText: 'Where are you based?' });
      await sent.waitFor();
      expect(await sent.innerText()).toContain('Where are you based?\nAnd how fast do you respond?');
      await waitForReplyToEnd(page);
      expect(await messages().count()).toBe(4);
      expect(await messages().last().textContent()).toMatch(/Massachusetts/);
      // Focus is back in the input for the next question.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-message');
    });

    it('stops a reply with the Stop button', async () => {
      await page.getByRole('button', { name: 'Work Together', exact: true }).click();
      await page.locator('.streaming-caret').waitFor({ timeout: 15_000 });
      await stop().click();
      await page.getByRole('button', { name: 'Send message' }).waitFor();
      expect(await page.locator('.streaming-caret').count()).toBe(0);
      expect(await input().isEnabled()).toBe(true);
      // The part that arrived stays, and the server kept it too (the list is refetched).
      await expect.poll(() => messages().count(), { timeout: 15_000 }).toBe(6);
    });

    it('exports the transcript as a real JSON download', async () => {
      await page.getByRole('button', { name: 'Export transcript' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('menuitem', { name: 'JSON (.json)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`conversation-transcript-${await todayInBrowser(page)}.json`);
      const transcript = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
        conversation: { id: string };
        messages: { role: string; content: string }[];
      };
      const storedId = await page.evaluate(() => localStorage.getItem('chat.conversationId'));
      expect(transcript.conversation.id).toBe(storedId);
      expect(transcript.messages.map((m) => m.role)).toEqual([
        'user',
        'assistant',
        'user',
        'assistant',
        'user',
        'assistant',
      ]);
      expect(transcript.messages[0]?.content).toBe(QUESTION);
      // (Radix repeats a toast's text in a screen-reader announcement: the first copy is the toast.)
      await page.getByText('Transcript exported successfully').first().waitFor();
    });

    it('keeps the conversation across a reload', async () => {
      const storedId = await page.evaluate(() => localStorage.getItem('chat.conversationId'));
      expect(conversationPosts).toHaveLength(1);
      await page.reload();
      await conversation().getByText(QUESTION).waitFor();
      expect(await messages().count()).toBe(6);
      expect(
        await conversation()
          .getByText(/I'm the AI clone of/)
          .count(),
      ).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('chat.conversationId'))).toBe(storedId);
      expect(conversationPosts).toHaveLength(1);
    });

    it('opens the contact form from the schedule-call button', async () => {
      const schedule = page.getByRole('button', { name: /Schedule call to learn more about my services/ });
      await schedule.hover();
      expect(await schedule.getByText("Let's discuss your project!").isVisible()).toBe(true);
      await schedule.click();
      const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await schedule.evaluate((el) => el === document.activeElement)).toBe(true);
    });

    it('has no serious accessibility problems and no console errors', async () => {
      expect(await findSeriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  describe('on a phone', () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      ({ context, page, errors } = await browser.openPage({
        viewport: PHONE,
        isMobile: true,
        hasTouch: true,
      }));
    });
    afterAll(async () => {
      await context?.close();
    });

    it('shows the chat with the sidebar hidden behind a menu button', async () => {
      await page.goto(server.url);
      await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
      expect(await page.getByRole('complementary', { name: 'Profile' }).isVisible()).toBe(false);
      for (const label of [
        'Open profile menu',
        'Export transcript',
        'Settings',
        'AI Solutions',
        'Send message',
      ]) {
        expect(await page.getByRole('button', { name: label }).isVisible()).toBe(true);
      }
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(page, 'chat-phone-welcome');
    });

    it('opens the profile drawer with focus inside, and closes it', async () => {
      const menu = page.getByRole('button', { name: 'Open profile menu' });
      await menu.click();
      const drawer = page.getByRole('dialog', { name: 'Profile' });
      await drawer.getByRole('heading', { name: 'Alex Morgan' }).waitFor();
      expect(await drawer.getByText('Online & Ready').isVisible()).toBe(true);
      expect(await page.getByTestId('sheet-backdrop').isVisible()).toBe(true);
      const isFocusInside = () => drawer.evaluate((el) => el.contains(document.activeElement));
      expect(await isFocusInside()).toBe(true);
      // Focus stays trapped in the drawer.
      for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
      expect(await isFocusInside()).toBe(true);
      // The slide-in finishes before the picture (endless ones, like a pulsing dot, never do).
      await drawer.evaluate((el) =>
        Promise.all(
          el
            .getAnimations({ subtree: true })
            .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
            .map((a) => a.finished),
        ),
      );
      await screenshot(page, 'chat-phone-drawer');
      expect(await findSeriousViolations(page)).toEqual([]);

      await drawer.getByRole('button', { name: 'Close profile menu' }).click();
      await drawer.waitFor({ state: 'detached' });
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

      // Escape closes it too.
      await menu.click();
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    });

    it('chats on the phone', async () => {
      await page.getByRole('button', { name: 'Cloud Architecture', exact: true }).click();
      await waitForReplyToEnd(page);
      expect(
        await page.getByRole('region', { name: 'Conversation' }).locator(':scope > div > ol > li').count(),
      ).toBe(2);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await screenshot(page, 'chat-phone-reply');
      expect(await findSeriousViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('keeps the sideways quick questions reachable by keyboard while the chat is being set up', async () => {
      const waiting = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      try {
        const held = await waiting.newPage();
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await held.route('**/api/conversations', async (route) => {
          if (route.request().method() === 'POST') await released;
          await route.continue();
        });
        await held.goto(server.url);
        await waitForHydration(held);
        // The row scrolls sideways on a phone, and nothing inside it is out of the keyboard's reach.
        expect(await findSeriousViolations(held)).toEqual([]);
        const quick = held.getByRole('button', { name: 'AI Solutions', exact: true });
        expect(await quick.isDisabled()).toBe(true);
        release();
        await expect.poll(() => quick.isEnabled()).toBe(true);
      } finally {
        await waiting.close();
      }
    });
  });

  it('opens the contact form by itself when the visitor wants to hire the owner', async () => {
    const { context, page, errors } = await browser.openPage({ viewport: DESKTOP });
    await page.goto(server.url);
    await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill("I'd like to hire you for a project. Can we book a call?");
    await input.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
    await dialog.waitFor({ timeout: 30_000 });
    // The reply is complete and stored by then (the page behind the modal is hidden from roles).
    expect(await page.locator('.streaming-caret').count()).toBe(0);
    expect(await page.locator('section[aria-label="Conversation"] > div > ol > li').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, opens the form a reply asks for after the whole answer, with no keyboard, and offers it again under the answer', async () => {
    const { context, page, errors } = await browser.openPage({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
    });
    try {
      // Notes whether the form ever shows while the reply is still streaming (its caret is on).
      await page.addInitScript(() => {
        const seen = window as unknown as { formOverStreaming?: boolean };
        seen.formOverStreaming = false;
        new MutationObserver(() => {
          if (document.querySelector('[role="dialog"]') && document.querySelector('.streaming-caret'))
            seen.formOverStreaming = true;
        }).observe(document, { childList: true, subtree: true, attributes: true });
      });
      await page.goto(server.url);
      await waitForHydration(page);
      const input = page.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => input.isEnabled()).toBe(true);
      await input.fill("What are your rates? I'd like to hire you");
      await input.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => (window as { formOverStreaming?: boolean }).formOverStreaming)).toBe(
        false,
      );
      // The dialog holds focus, not a field: no keyboard rises over the answer.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('dialog');
      await screenshot(page, 'chat-phone-form-from-reply');

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const answer = page.locator('section[aria-label="Conversation"] > div > ol > li').last();
      const bookCall = answer.getByRole('button', { name: 'Book a call' });
      expect(await bookCall.evaluate((element) => element === document.activeElement)).toBe(true);
      expect((await answer.innerText()).length).toBeGreaterThan(40);
      await screenshot(page, 'chat-phone-answer-after-form');
      await bookCall.click();
      await dialog.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/fullName$/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a chat to its browser, and deletes it from the header after a confirmation', async () => {
    const { context, page, errors } = await browser.openPage({ viewport: DESKTOP });
    await page.goto(server.url);
    await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Where are you based?');
    await input.press('Enter');
    const messages = page.locator('section[aria-label="Conversation"] > div > ol > li');
    await expect.poll(() => messages.count(), { timeout: 30_000 }).toBe(2);
    const id = await page.evaluate(() => localStorage.getItem('chat.conversationId'));

    // Another browser with the id (as an exported transcript carries it) finds nothing.
    const other = await browser.newContext();
    const stranger = await other.request.get(`${server.url}/api/conversations/${id}/messages`);
    expect(stranger.status()).toBe(404);
    await other.close();

    await page.getByRole('button', { name: 'Delete chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this chat?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Where are you based?').count()).toBe(0);
    await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor(); // a fresh chat's welcome
    await expect.poll(() => page.evaluate(() => localStorage.getItem('chat.conversationId'))).not.toBe(id);
    expect((await page.request.get(`${server.url}/api/conversations/${id}/messages`)).status()).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 screen for unknown paths', async () => {
    const { context, page, errors } = await browser.openPage();
    const res = await page.goto(`${server.url}/no/such/page`);
    // The page answers 404 (for crawlers and links checkers), which Chromium logs as a failed load.
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText(/This page does not exist/).isVisible()).toBe(true);
    expect(await page.getByText(/router/).count()).toBe(0);
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    await context.close();
  });
});
