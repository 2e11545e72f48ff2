import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composePreferredTime } from '../../shared/booking-time';
import { pickFullDate } from '../helpers/booking-limits';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { uniqueEmail } from '../helpers/unique-email';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';
import { enterEmail, openGate } from '../helpers/voice-e2e';

// After booking: the spec's "Success!" toast (now with an add-to-calendar action), then a card
// in the chat that stays (reload included) with the call in both zones, the .ics download and
// a Google Calendar link; time options that fit; and toasts that never cover a control.

const OWNER_ZONE = 'America/New_York';
const SCHEDULE_BUTTON = 'Schedule call to learn more about my services';
const SUCCESS_TEXT = "Your contact request has been submitted. I'll get back to you soon!";
const VIEWPORTS = [
  ['desktop', DESKTOP, 'Europe/Berlin'],
  ['phone', PHONE, 'America/Los_Angeles'],
] as const;

/** The visible toast (Radix mirrors its text into a live region too). */
const visibleToast = (page: Page) => page.locator('li[data-variant]');

/** Controls in view that the visible toast's box meets (empty when it covers none). */
async function controlsUnderToast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toast = document.querySelector('li[data-variant]');
    if (!toast) throw new Error('no toast');
    const box = toast.getBoundingClientRect();
    const selector =
      'a[href],button,input:not([type="hidden"]),select,textarea,label,[role="button"],[role="radio"]';
    return [...document.querySelectorAll(selector)]
      .filter((element) => !toast.closest('ol')?.contains(element))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= innerHeight)
          return false;
        return (
          rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top
        );
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName);
  });
}

/** Options whose text is wider than the select shows (measured with the select's own font). */
async function clippedOptions(page: Page, select: ReturnType<Page['getByLabel']>): Promise<string[]> {
  return select.evaluate((element) => {
    const style = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return [...(element as HTMLSelectElement).options]
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  });
}

describe('booking confirmation and toasts in Chromium', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  async function newPage(viewport: { width: number; height: number }, timezoneId: string) {
    const { page, errors } = await browser.openPage({
      viewport,
      timezoneId,
      locale: 'en-US',
      acceptDownloads: true,
    });
    await page.goto(server.url);
    await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
    await waitForHydration(page);
    return { page, errors };
  }

  it.each(VIEWPORTS)(
    'books at %s size and keeps a booked-call card with calendar links',
    async (name, viewport, zone) => {
      const { page, errors } = await newPage(viewport, zone);
      const date = pickFullDate(OWNER_ZONE, name === 'desktop' ? 2 : 3);
      await page.mouse.move(0, 0);
      await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
      await dialog.getByLabel('Date').locator('option').nth(1).waitFor({ state: 'attached' });
      // No SMTP here: the modal promises no e-mail.
      expect(await dialog.textContent()).not.toMatch(/confirmation by e-mail/);

      // Always 10 dates, whatever the hour.
      expect(await dialog.getByLabel('Date').locator('option').count()).toBe(11);
      await dialog.getByLabel('Date').selectOption(date);
      const time = dialog.getByLabel('Time', { exact: true });
      await expect.poll(() => time.locator('option').first().textContent()).toBe('Select a time');
      // Every option fits its select; the visitor's zone is named.
      expect(await clippedOptions(page, time)).toEqual([]);
      // A phone's select holds the short form; the hint below says the second time is the visitor's.
      expect(await time.locator('option[value="17:00"]').textContent()).toMatch(
        name === 'desktop'
          ? /^5 PM ET · (Tue |Wed |Thu |Fri |Sat )?\d+ (AM|PM) your time( ☾)?$/
          : /^5 PM ET · (Tue |Wed |Thu |Fri |Sat )?\d+ (AM|PM)( ☾)?$/,
      );
      const zoneName = name === 'desktop' ? 'Central European Time (Berlin)' : 'Pacific Time (Los Angeles)';
      expect(
        await dialog.getByText(new RegExp(`your time is ${zoneName.replace(/[()]/g, '\\$&')}`)).isVisible(),
      ).toBe(true);
      await time.selectOption('17:00');
      await screenshot(page, `booking-confirmation-${name}-filled`);

      await dialog.getByLabel('Full name').fill('Ada Lovelace');
      await dialog.getByLabel('Phone').fill('+1 617 555 0142');
      await dialog.getByLabel('E-mail').fill(`ada.${name}@example.com`);
      await dialog.getByRole('button', { name: 'Submit Request' }).click();

      // The spec's success, unchanged, and the toast carries the calendar file too.
      const toast = visibleToast(page);
      await toast.getByText('Success!', { exact: true }).waitFor();
      expect(await toast.getByText(SUCCESS_TEXT, { exact: true }).isVisible()).toBe(true);
      await dialog.waitFor({ state: 'detached' });
      expect(await toast.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toMatch(
        /calendar\.ics$/,
      );

      const card = page.getByRole('article', { name: 'Your call with Alex Morgan is booked' });
      await card.waitFor();
      await expect.poll(() => controlsUnderToast(page)).toEqual([]);
      await screenshot(page, `booking-confirmation-${name}-success`);

      expect(
        await card.getByText(composePreferredTime(date, '17:00', OWNER_ZONE), { exact: true }).isVisible(),
      ).toBe(true);
      expect(await card.getByText(`in your time zone, ${zoneName}.`, { exact: false }).isVisible()).toBe(
        true,
      );
      expect(await card.getByText(/will call you at/).textContent()).toContain('+1 617 555 0142');
      expect(await card.getByText(/sends no e-mail for now/).isVisible()).toBe(true);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`call-with-${date}.ics`);
      const ics = fs.readFileSync((await download.path())!, 'utf8');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain('METHOD:PUBLISH');
      expect(ics).toContain('SUMMARY:Phone call with Alex Morgan');
      const google = new URL(
        (await card.getByRole('link', { name: /Google Calendar/ }).getAttribute('href'))!,
      );
      expect(google.hostname).toBe('calendar.google.com');
      const start = /DTSTART:(\d{8}T\d{6}Z)/.exec(ics)?.[1];
      expect(google.searchParams.get('dates')?.startsWith(`${start}/`)).toBe(true);

      // It belongs to the conversation: back after a reload.
      await page.reload();
      await waitForHydration(page);
      await card.waitFor();
      await screenshot(page, `booking-confirmation-${name}-reloaded`);
      expect(errors).toEqual([]);
    },
  );

  it.each(VIEWPORTS)(
    'keeps an error toast off the composer, Send and Schedule at %s size',
    async (name, viewport, zone) => {
      const { page, errors } = await newPage(viewport, zone);
      await page.route('**/api/conversations/*/messages', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"message":"Busy, try later."}',
            })
          : route.continue(),
      );
      const input = page.getByRole('textbox').first();
      await input.fill('Hello there');
      await input.press('Enter');
      await visibleToast(page).getByText('Failed to send message. Please try again.').waitFor();
      expect(await controlsUnderToast(page)).toEqual([]);
      await screenshot(page, `toast-chat-error-${name}`);
      expect(errors.filter((error) => !/503/.test(error))).toEqual([]);
    },
  );

  it.each(VIEWPORTS)(
    'keeps a voice-page toast off the plans and Subscribe Now at %s size',
    async (name, viewport) => {
      const { page } = await browser.openPage({ viewport, locale: 'en-US' });
      await openGate(page, server.url);
      await enterEmail(page, uniqueEmail(`toast-${name}`));
      // The plans and their prices show right after the e-mail, with no code asked.
      await page.getByText('No Subscription').waitFor();
      await page.route('**/api/create-subscription', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: '{"message":"Payments are down."}',
        }),
      );
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await visibleToast(page).getByText('Subscription Error').waitFor();
      const covered = await controlsUnderToast(page);
      if (name === 'desktop') expect(covered).toEqual([]);
      // On a phone the plan cards (each a clickable label) and the button fill the screen: no
      // place is free, so the toast takes the edge of a card, never the button or the chosen plan.
      else for (const control of covered) expect(control).not.toMatch(/Professional|Subscribe Now/);
      await screenshot(page, `toast-voice-error-${name}`);
    },
  );
});
