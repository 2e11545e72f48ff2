import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composePreferredTime } from '../../shared/booking-time';
import { pickFullDate } from '../helpers/booking-limits';
import { DESKTOP, PHONE, screenshot, waitForHydration } from '../helpers/e2e';
import { useBuiltServer, type BuiltServer } from '../helpers/use-built-server';
import { useChromium } from '../helpers/use-chromium';

const OWNER_ZONE = 'America/New_York';
const SCHEDULE_BUTTON = 'Schedule call to learn more about my services';
const SUCCESS_TEXT = "Your contact request has been submitted. I'll get back to you soon!";

/** A weekday of the booking window whose slots all lie ahead (so the test is clock-proof). */
const pickFutureDate = (offset = 1) => pickFullDate(OWNER_ZONE, offset);

async function bookThroughApi(server: BuiltServer, date: string, time: string) {
  const res = await fetch(`${server.url}/api/contact-requests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Earlier Visitor',
      phoneNumber: '+1 617 555 0100',
      email: 'earlier@example.com',
      scheduledDate: date,
      scheduledTime: time,
    }),
  });
  expect(res.status).toBe(201);
}

async function openModal(page: Page) {
  // On hover the button reads "Let's discuss your project!": start from a pointer elsewhere.
  await page.mouse.move(0, 0);
  await page.getByRole('button', { name: SCHEDULE_BUTTON }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
  await dialog.waitFor();
  // The dates appear once the owner's zone is known.
  await dialog.getByLabel('Date').locator('option').nth(1).waitFor({ state: 'attached' });
  return dialog;
}

async function fillContact(dialog: ReturnType<Page['getByRole']>, name: string) {
  await dialog.getByLabel('Full name').fill(name);
  await dialog.getByLabel('Phone').fill('+1 617 555 0142');
  await dialog.getByLabel('E-mail').fill(`${name.toLowerCase().replace(/\s+/g, '.')}@example.com`);
}

/** Waits until the booked slots are in, so disabled options reflect the server. */
async function waitForTimes(dialog: ReturnType<Page['getByRole']>) {
  const time = dialog.getByLabel('Time', { exact: true });
  await time.waitFor();
  await expect.poll(() => time.locator('option').first().textContent()).toBe('Select a time');
  return time;
}

describe('booking a call in Chromium', () => {
  const server = useBuiltServer();
  const browser = useChromium();

  async function newPage(options: { viewport: { width: number; height: number }; timezoneId: string }) {
    const { page, errors } = await browser.openPage({ ...options, locale: 'en-US' });
    await page.goto(server.url);
    // The chat is ready (hydrated, with the welcome) before the test types or clicks.
    await page.getByText(/I'm the AI clone of Alex Morgan/).waitFor();
    await waitForHydration(page);
    return { page, errors };
  }

  it('books a free slot, shows booked ones, and refuses a slot taken meanwhile', async () => {
    const date = pickFutureDate(1);
    await bookThroughApi(server, date, '10:00');

    // Visitor A in Berlin on a desktop, visitor B in Los Angeles on a phone: both open the form.
    const a = await newPage({ viewport: DESKTOP, timezoneId: 'Europe/Berlin' });
    const b = await newPage({ viewport: PHONE, timezoneId: 'America/Los_Angeles' });
    const dialogA = await openModal(a.page);
    const dialogB = await openModal(b.page);

    // The time selector appears only after a date; the free text only while a slot is missing.
    expect(await dialogA.getByLabel('Time', { exact: true }).count()).toBe(0);
    expect(await dialogA.getByLabel('Preferred time').isVisible()).toBe(true);
    await dialogA.getByLabel('Date').selectOption(date);
    const timeA = await waitForTimes(dialogA);
    const booked = timeA.locator('option[value="10:00"]');
    expect(await booked.isDisabled()).toBe(true);
    expect(await booked.textContent()).toMatch(/^10 AM ET · [34] PM your time \(Booked\)$/);
    expect(await timeA.locator('option:not([disabled])').count()).toBe(7); // placeholder + 6 free
    for (const value of await timeA
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)))
      expect(value).not.toBe('');

    await timeA.selectOption('14:00');
    expect(await dialogA.getByLabel('Preferred time').count()).toBe(0);
    await fillContact(dialogA, 'Ada Lovelace');
    await dialogA.getByLabel('Purpose of the call').fill('An evaluation harness for our support bot');
    await screenshot(a.page, 'booking-desktop-filled');

    // B picks the same slot before A submits: its list still shows it free.
    await dialogB.getByLabel('Date').selectOption(date);
    const timeB = await waitForTimes(dialogB);
    // On a phone the short form: the hint says the second time is the visitor's.
    expect(await timeB.locator('option[value="14:00"]').textContent()).toMatch(/^2 PM ET · 11 AM$/);
    await timeB.selectOption('14:00');
    await fillContact(dialogB, 'Grace Hopper');
    await screenshot(b.page, 'booking-phone-filled');

    await dialogA.getByRole('button', { name: 'Submit Request' }).click();
    await a.page.getByText('Success!', { exact: true }).waitFor();
    expect(await a.page.getByText(SUCCESS_TEXT, { exact: true }).isVisible()).toBe(true);
    await dialogA.waitFor({ state: 'detached' });
    await screenshot(a.page, 'booking-desktop-success');

    await dialogB.getByRole('button', { name: 'Submit Request' }).click();
    const conflict = b.page.getByText('Booking Conflict', { exact: true });
    await conflict.waitFor();
    // The toast carries the server's own message.
    const serverMessage = `Sorry, ${composePreferredTime(date, '14:00', OWNER_ZONE)} has just been booked by someone else. Please choose a different time.`;
    expect(await b.page.getByText(serverMessage, { exact: true }).isVisible()).toBe(true);
    // The modal stays, and the refreshed list now shows the slot as booked.
    expect(await dialogB.isVisible()).toBe(true);
    await expect.poll(() => timeB.locator('option[value="14:00"]').isDisabled()).toBe(true);
    expect(await timeB.locator('option[value="14:00"]').textContent()).toMatch(/\(Booked\)$/);
    expect(await dialogB.getByLabel('Full name').inputValue()).toBe('Grace Hopper');
    await screenshot(b.page, 'booking-phone-conflict');

    // A opens the form again: the slot it just booked is listed as booked, and the form is empty.
    const dialogAgain = await openModal(a.page);
    expect(await dialogAgain.getByLabel('Full name').inputValue()).toBe('');
    await dialogAgain.getByLabel('Date').selectOption(date);
    const timeAgain = await waitForTimes(dialogAgain);
    await expect.poll(() => timeAgain.locator('option[value="14:00"]').isDisabled()).toBe(true);

    const slots = (await (await fetch(`${server.url}/api/bookings/slots`)).json()) as unknown[];
    expect(slots).toEqual(
      expect.arrayContaining([
        { date, time: '10:00' },
        { date, time: '14:00' },
      ]),
    );
    expect(a.errors).toEqual([]);
    // B saw exactly one failed request (the 409) in its console, nothing else.
    expect(b.errors.filter((error) => !/409/.test(error))).toEqual([]);
  });

  it('is usable with the keyboard alone and passes an accessibility scan', async () => {
    const { page, errors } = await newPage({ viewport: DESKTOP, timezoneId: OWNER_ZONE });
    await page.getByRole('button', { name: SCHEDULE_BUTTON }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
    await dialog.waitFor();
    await dialog.getByLabel('Date').locator('option').nth(1).waitFor({ state: 'attached' });

    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // Focus starts inside the dialog; Tab walks the fields in order.
    await dialog.getByLabel('Full name').focus();
    await page.keyboard.type('Alan Turing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('+44 20 7946 0958');
    await page.keyboard.press('Tab');
    await page.keyboard.type('alan@example.com');
    await page.keyboard.press('Tab');
    expect(await dialog.getByLabel('Date').evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    // Arrow keys change a closed native select.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const chosenDate = await dialog.getByLabel('Date').inputValue();
    expect(chosenDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press('Tab');
    const time = await waitForTimes(dialog);
    expect(await time.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await time.inputValue()).toMatch(/^\d{2}:00$/);
    // Slot chosen: no free text; the next stop is the purpose, then the submit button.
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard-only booking');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit Request');
    await page.keyboard.press('Enter');
    await page.getByText('Success!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Focus returns to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Schedule call');
    expect(errors).toEqual([]);
  });

  it('shows inline messages from the shared schema and keeps the modal open', async () => {
    const { page, errors } = await newPage({ viewport: PHONE, timezoneId: OWNER_ZONE });
    const dialog = await openModal(page);
    await dialog.getByLabel('E-mail').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    expect(await dialog.getByText('Please enter your full name.').isVisible()).toBe(true);
    expect(await dialog.getByText('Please enter your phone number.').isVisible()).toBe(true);
    expect(await dialog.getByText('Please enter a valid e-mail address.').isVisible()).toBe(true);
    expect(
      await dialog.getByLabel('Full name').evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await screenshot(page, 'booking-phone-errors');
    expect(errors).toEqual([]);
  });

  it('opens from a chat reply that asks for contact details', async () => {
    const { page, errors } = await newPage({ viewport: DESKTOP, timezoneId: OWNER_ZONE });
    const input = page.getByRole('textbox').first();
    await input.fill("I'd like to schedule a call with you to discuss a project.");
    await input.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule a Phone Call' });
    await dialog.waitFor({ timeout: 15_000 });
    await screenshot(page, 'booking-desktop-from-chat');

    // The request made from the chat carries the conversation, so the owner sees the chat.
    await fillContact(dialog, 'Katherine Johnson');
    await dialog.getByLabel('Preferred time').fill('Any weekday morning');
    const [posted] = await Promise.all([
      page.waitForRequest((req) => req.method() === 'POST' && req.url().endsWith('/api/contact-requests')),
      dialog.getByRole('button', { name: 'Submit Request' }).click(),
    ]);
    const body = posted.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ preferredTime: 'Any weekday morning', fullName: 'Katherine Johnson' });
    expect(body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('scheduledDate');
    await page.getByText('Success!', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
