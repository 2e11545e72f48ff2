import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePreferredTime } from '../../shared/booking-time';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { pickFullDate } from '../helpers/booking-limits';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { useBuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

// A booking the visitor can manage, as a visitor does it: from a new chat (empty) the booking
// ends on the booked-call card, tentative everywhere (card, .ics, mail); the e-mailed link opens
// the visitor's page, where the call moves to another slot and is cancelled, freeing it. Time
// options fit at every width, and a visitor far away is told which times fall at night.

const OWNER_ZONE = 'America/New_York';
const SCHEDULE_BUTTON = 'Schedule call to learn more about my services';
const CASES = [
  ['desktop', DESKTOP, 'America/Chicago', 'light', 2],
  ['phone', PHONE, 'Asia/Tokyo', 'dark', 3],
] as const;

/** Options whose text is wider than the select shows (measured with the select's own font). */
async function clippedOptions(page: Page, label: string): Promise<string[]> {
  return page.getByLabel(label, { exact: true }).evaluate((element) => {
    const style = getComputedStyle(element);
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return [...(element as HTMLSelectElement).options]
      .map((option) => option.text)
      .filter((text) => context.measureText(text).width > room);
  });
}

/** A received mail's text with quoted-printable soft line breaks undone. */
const unfoldMail = (mail: string) => mail.replace(/=\r?\n/g, '');

/** The visitor's link in a received mail. */
function manageTokenIn(mail: string): string | undefined {
  return /booking#([0-9a-f]{32}\.[\w-]{32})/.exec(unfoldMail(mail))?.[1];
}

describe('a booking the visitor manages, in Chromium', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const server = useBuiltServer(() => ({ SMTP_URL: smtp.url, SMTP_FROM: 'alex@example.com' }));
  const browser = useChromium();

  it.each(CASES)(
    'books from a new chat, then moves and cancels by the link at %s size',
    async (name, viewport, zone, colorScheme, offset) => {
      const { page, errors } = await browser.openPage({
        viewport,
        timezoneId: zone,
        locale: 'en-US',
        colorScheme,
        acceptDownloads: true,
      });
      await page.goto(server.url);
      await waitForHydration(page);
      if (name === 'desktop') {
        // A chat with messages, then a new (empty) one: the booking must still end on the card.
        await page.getByRole('button', { name: 'AI Solutions', exact: true }).click();
        await page.getByRole('button', { name: 'New chat' }).waitFor();
        await expect
          .poll(() => page.getByRole('button', { name: 'New chat' }).isEnabled(), { timeout: 20_000 })
          .toBe(true);
        await page.getByRole('button', { name: 'New chat' }).click();
        await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
      }

      const date = pickFullDate(OWNER_ZONE, offset);
      await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
      await dialog.getByLabel('Date').locator('option').nth(1).waitFor({ state: 'attached' });
      await dialog.getByLabel('Date').selectOption(date);
      const time = dialog.getByLabel('Time', { exact: true });
      await expect.poll(() => time.locator('option').first().textContent()).toBe('Select a time');
      // Every option fits, here and at other widths.
      expect(await clippedOptions(page, 'Time')).toEqual([]);
      if (name === 'phone') {
        for (const width of [320, 360, 389, 700, 900]) {
          await page.setViewportSize({ width, height: 844 });
          await expect.poll(() => clippedOptions(page, 'Time'), { message: `at ${width}px` }).toEqual([]);
        }
        await page.setViewportSize(viewport);
        // Tokyo: the morning slots in New York are night there, and the visitor is told.
        // The compact labels come back when the page sees the narrow width again (a media query
        // change fires on the next frame, after setViewportSize returns).
        await expect.poll(() => time.locator('option[value="09:00"]').textContent()).toMatch(/ET · 11 PM ☾$/);
        await expect.poll(() => dialog.getByText(/fall at night where you are/).isVisible()).toBe(true);
        await time.selectOption('09:00');
        expect(await dialog.getByTestId('night-warning').isVisible()).toBe(true);
        await screenshot(page, `booking-manage-${name}-night`);
      } else {
        expect(await dialog.getByText(/at night where you are/).count()).toBe(0);
        await time.selectOption('09:00');
      }
      await dialog.getByLabel('Full name').fill('Ada Lovelace');
      await dialog.getByLabel('Phone').fill('+1 617 555 0142');
      await dialog.getByLabel('E-mail').fill(`ada.${name}@example.com`);
      await dialog.getByRole('button', { name: 'Submit Request' }).click();

      const card = page.getByRole('article', { name: 'Your call with Alex Morgan is booked' });
      await card.waitFor();
      expect(await card.getByTestId('booking-status').textContent()).toBe(
        'Waiting for Alex Morgan to confirm',
      );
      // Mail is configured here: the card says so, and never that the site sends none.
      expect(await card.getByText(/on its way to/).isVisible()).toBe(true);
      expect(await card.getByText(/sends no/).count()).toBe(0);
      await screenshot(page, `booking-manage-${name}-card`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
      ]);
      expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('STATUS:TENTATIVE');

      // The confirmation mail carries the same link as the card.
      const manageHref = (await card
        .getByRole('link', { name: 'Reschedule or cancel' })
        .getAttribute('href'))!;
      let mail = '';
      await expect
        .poll(
          () => (mail = smtp.received.find((m) => m.to.includes(`ada.${name}@example.com`))?.data ?? ''),
          { timeout: 10_000 },
        )
        .toMatch(/booking#/);
      expect(unfoldMail(mail)).toMatch(/will confirm it shortly/);
      expect(manageTokenIn(mail)).toBe(manageHref.split('#')[1]);
      expect(smtp.received.some((m) => m.to.includes('owner'))).toBe(false);

      // The visitor opens the link from the mail.
      await page.goto(`${server.url}/booking#${manageTokenIn(mail)}`);
      await waitForHydration(page);
      await page.getByRole('heading', { name: 'Your call with Alex Morgan' }).waitFor();
      expect(await page.getByTestId('manage-status').textContent()).toBe(
        'Booked · waiting for Alex Morgan to confirm',
      );
      expect(await page.getByText(composePreferredTime(date, '09:00', OWNER_ZONE)).isVisible()).toBe(true);
      await screenshot(page, `booking-manage-${name}-page`);

      await page.getByRole('button', { name: 'Reschedule' }).click();
      await page.getByLabel('New date').selectOption(date);
      await page.getByLabel('New time').selectOption('14:00');
      expect(await clippedOptions(page, 'New time')).toEqual([]);
      await page.getByRole('button', { name: 'Move my call' }).click();
      const moved = composePreferredTime(date, '14:00', OWNER_ZONE);
      await page
        .getByRole('status')
        .filter({ hasText: `Your call moved to ${moved}.` })
        .waitFor();
      expect(await page.getByText(moved, { exact: true }).isVisible()).toBe(true);
      const movedToken = new URL(page.url()).hash.slice(1);
      expect(movedToken).not.toBe(manageTokenIn(mail));
      await screenshot(page, `booking-manage-${name}-moved`);

      await page.getByRole('button', { name: 'Cancel the call' }).click();
      await page.getByRole('button', { name: 'Yes, cancel the call' }).click();
      await page.getByRole('status').filter({ hasText: 'Your call is cancelled' }).waitFor();
      expect(await page.getByTestId('manage-status').textContent()).toMatch(/^Cancelled/);
      await screenshot(page, `booking-manage-${name}-cancelled`);

      // Both slots are free again: the form offers them.
      const slots = (await (await page.request.get(`${server.url}/api/bookings/slots`)).json()) as {
        date: string;
      }[];
      expect(slots.filter((slot) => slot.date === date)).toEqual([]);
      // A forged link says so, in words for a visitor.
      await page.goto(
        `${server.url}/booking#${movedToken.slice(0, -1)}${movedToken.endsWith('A') ? 'B' : 'A'}`,
      );
      await page.getByRole('heading', { name: 'This booking link does not work' }).waitFor();
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    },
  );
});
