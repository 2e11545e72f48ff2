// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactModal } from '@/features/booking/components/contact-modal';
import { json } from '../../../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../../../helpers/render';

const NOW = new Date('2026-03-04T15:00:00Z'); // Wednesday 10:00 AM in New York
const CONFIG = {
  ownerTimeZone: 'America/New_York',
  slotTimes: ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'],
  windowWeekdays: 10,
  minNoticeHours: 2,
  daysOff: [],
  isMailConfigured: false,
};
const CONVERSATION_ID = '7d9f0c52-3c1e-4f55-9a7e-1f2b3c4d5e6f';

type Handler = (init?: RequestInit) => Response | Promise<Response>;

let routes: Record<string, Handler>;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (key: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url}` === key,
  );

function setup({ open = true, conversationId }: { open?: boolean; conversationId?: string } = {}) {
  const onOpenChange = vi.fn();
  const ui = (isOpen: boolean) => (
    <ContactModal open={isOpen} onOpenChange={onOpenChange} conversationId={conversationId} />
  );
  const view = renderWithToaster(ui(open));
  return { onOpenChange, rerender: (isOpen: boolean) => view.rerender(ui(isOpen)) };
}

const field = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;
const dateSelect = () => screen.getByLabelText('Date') as HTMLSelectElement;
const timeSelect = () => screen.queryByLabelText('Time') as HTMLSelectElement | null;

function fillContact() {
  fireEvent.change(field(/^Full name/), { target: { value: 'Jane Doe' } });
  fireEvent.change(field(/^Phone/), { target: { value: '+1 617 555 0142' } });
  fireEvent.change(field(/^E-mail/), { target: { value: 'jane@example.com' } });
}

async function chooseSlot(date: string, time: string) {
  await waitFor(() => expect(dateSelect().disabled).toBe(false));
  fireEvent.change(dateSelect(), { target: { value: date } });
  await waitFor(() => expect(timeSelect()).not.toBeNull());
  await waitFor(() => expect(within(timeSelect()!).queryByText('Loading times...')).toBeNull());
  fireEvent.change(timeSelect()!, { target: { value: time } });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  routes = {
    'GET /api/bookings/config': () => json(200, CONFIG),
    'GET /api/bookings/slots': () => json(200, [{ date: '2026-03-09', time: '10:00' }]),
  };
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    if (!handler) throw new Error(`unexpected fetch ${url}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
});

resetAfterEachTest();
afterEach(() => vi.useRealTimers());

describe('ContactModal', () => {
  it('shows the contact form: labelled fields, types, required marks, a 3-row purpose', async () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Schedule a Phone Call' })).toBeTruthy();
    expect(field(/^Full name/).required).toBe(true);
    expect(field(/^Phone/).type).toBe('tel');
    expect(field(/^Phone/).required).toBe(true);
    expect(field(/^E-mail/).type).toBe('email');
    expect(field(/^E-mail/).required).toBe(true);
    expect(screen.getByText('Full name').parentElement?.textContent).toContain('*');
    expect((screen.getByLabelText('Purpose of the call') as HTMLTextAreaElement).rows).toBe(3);
    // No time selector before a date; the free-text field is there.
    expect(timeSelect()).toBeNull();
    expect(field('Preferred time')).toBeTruthy();
    await waitFor(() => expect(dateSelect().disabled).toBe(false));
    const dates = Array.from(dateSelect().options).map((option) => option.text);
    expect(dates.slice(0, 4)).toEqual([
      'Select a date',
      'Wednesday, Mar 4',
      'Thursday, Mar 5',
      'Friday, Mar 6',
    ]);
    expect(dates).toHaveLength(11);
    for (const option of Array.from(dateSelect().options)) expect(option.value).not.toBe('');
  });

  it('fetches the booked slots only while open', async () => {
    const { rerender } = setup({ open: false });
    await act(async () => {});
    expect(calls('GET /api/bookings/slots')).toHaveLength(0);
    rerender(true);
    await waitFor(() => expect(calls('GET /api/bookings/slots')).toHaveLength(1));
  });

  it('offers the slots of the chosen date, booked ones disabled as "(Booked)"', async () => {
    setup();
    await chooseSlot('2026-03-09', '09:00');
    const options = Array.from(timeSelect()!.options);
    expect(options.map((option) => option.value)).toEqual([
      'none',
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    const booked = options.find((option) => option.value === '10:00')!;
    expect(booked.disabled).toBe(true);
    expect(booked.text).toMatch(/^10 AM ET.*\(Booked\)$/);
    expect(options.filter((option) => option.disabled)).toHaveLength(1);
    // Date and time chosen: the free-text field goes, a summary of the slot appears.
    expect(screen.queryByLabelText('Preferred time')).toBeNull();
    expect(screen.getByText('Monday, Mar 9 at 9:00 AM ET')).toBeTruthy();
    // Back to "no time": the free text returns.
    fireEvent.change(timeSelect()!, { target: { value: 'none' } });
    expect(field('Preferred time')).toBeTruthy();
  });

  it("offers only today's slots at least the minimum notice ahead (2 hours: not 11:00 at 10:00)", async () => {
    setup();
    await waitFor(() => expect(dateSelect().disabled).toBe(false));
    fireEvent.change(dateSelect(), { target: { value: '2026-03-04' } });
    await waitFor(() => expect(timeSelect()).not.toBeNull());
    expect(Array.from(timeSelect()!.options).map((option) => option.value)).toEqual([
      'none',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
  });

  it('shows the schema messages inline and sends nothing while the form is invalid', async () => {
    setup();
    fireEvent.change(field(/^E-mail/), { target: { value: 'jane@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(screen.getByText('Please enter your full name.')).toBeTruthy();
    expect(screen.getByText('Please enter your phone number.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(field(/^Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^Full name/));
    expect(calls('POST /api/contact-requests')).toHaveLength(0);
    // Typing clears that field's message.
    fireEvent.change(field(/^Full name/), { target: { value: 'J' } });
    expect(screen.queryByText('Please enter your full name.')).toBeNull();
  });

  it('submits the slot with the composed preferred time, then resets, closes and thanks', async () => {
    let release!: () => void;
    routes['POST /api/contact-requests'] = async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(201, { id: 'r1' });
    };
    const { onOpenChange } = setup({ conversationId: CONVERSATION_ID });
    fillContact();
    fireEvent.change(screen.getByLabelText('Purpose of the call'), { target: { value: 'A pilot' } });
    await chooseSlot('2026-03-09', '09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));

    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const [, init] = calls('POST /api/contact-requests')[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      fullName: 'Jane Doe',
      phoneNumber: '+1 617 555 0142',
      email: 'jane@example.com',
      preferredTime: 'Monday, Mar 9 at 9:00 AM ET',
      purpose: 'A pilot',
      scheduledDate: '2026-03-09',
      scheduledTime: '09:00',
      conversationId: CONVERSATION_ID,
    });

    const slotFetches = calls('GET /api/bookings/slots').length;
    release();
    await screen.findByText('Success!');
    expect(
      screen.getByText("Your contact request has been submitted. I'll get back to you soon!"),
    ).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(calls('GET /api/bookings/slots').length).toBeGreaterThan(slotFetches));
    // The form was reset (the modal is still rendered open here because the test owns `open`).
    expect(field(/^Full name/).value).toBe('');
    expect(dateSelect().value).toBe('none');
    expect(timeSelect()).toBeNull();
  });

  it('offers the booked call as a calendar file in the success toast', async () => {
    routes['POST /api/contact-requests'] = () =>
      json(201, {
        id: 'r9',
        conversationId: CONVERSATION_ID,
        scheduledDate: '2026-03-09',
        scheduledTime: '09:00',
      });
    setup({ conversationId: CONVERSATION_ID });
    fillContact();
    await chooseSlot('2026-03-09', '09:00');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Success!');
    // The test keeps the modal open, so the toast is outside it (aria-hidden): found by text.
    const link = screen.getByText('Add to calendar').closest('a')!;
    expect(link.getAttribute('href')).toBe(
      `/api/conversations/${CONVERSATION_ID}/booked-calls/r9/calendar.ics`,
    );
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.hasAttribute('type')).toBe(false);
  });

  it('promises a confirmation e-mail only when the site sends mail', async () => {
    setup();
    await waitFor(() => expect(dateSelect().disabled).toBe(false));
    expect(screen.getByRole('dialog').textContent).not.toMatch(/confirmation by e-mail/);
    cleanup();
    routes['GET /api/bookings/config'] = () => json(200, { ...CONFIG, isMailConfigured: true });
    setup();
    expect(await screen.findByText(/You'll get a confirmation by e-mail\./)).toBeTruthy();
  });

  it('sends the free text when no slot is chosen', async () => {
    routes['POST /api/contact-requests'] = () => json(201, { id: 'r2' });
    setup();
    fillContact();
    fireEvent.change(field('Preferred time'), { target: { value: 'Tuesday afternoon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Success!');
    const [, init] = calls('POST /api/contact-requests')[0]!;
    const body = JSON.parse(String((init as RequestInit).body));
    expect(body).toMatchObject({ preferredTime: 'Tuesday afternoon' });
    expect(body).not.toHaveProperty('scheduledDate');
  });

  it('shows the server message in a "Booking Conflict" toast and stays open on 409', async () => {
    const message =
      'Sorry, Monday, Mar 9 at 9:00 AM ET has just been booked by someone else. Please choose a different time.';
    routes['POST /api/contact-requests'] = () => json(409, { message, code: 'conflict' });
    const { onOpenChange } = setup();
    fillContact();
    await chooseSlot('2026-03-09', '09:00');
    routes['GET /api/bookings/slots'] = () =>
      json(200, [
        { date: '2026-03-09', time: '09:00' },
        { date: '2026-03-09', time: '10:00' },
      ]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Booking Conflict');
    expect(screen.getByText(message)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(field(/^Full name/).value).toBe('Jane Doe');
    // The list is refreshed: the lost slot now shows as booked and is no longer selected.
    await waitFor(() => {
      const nine = Array.from(timeSelect()!.options).find((option) => option.value === '09:00')!;
      expect(nine.disabled).toBe(true);
      expect(nine.text).toMatch(/\(Booked\)$/);
    });
    expect(timeSelect()!.value).toBe('none');
  });

  it('falls back to the default texts when the server says nothing useful', async () => {
    routes['POST /api/contact-requests'] = () =>
      new Response('', { status: 500, statusText: 'Internal Server Error' });
    setup();
    fillContact();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Failed to submit contact request');

    routes['POST /api/contact-requests'] = () => Promise.reject(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('This time slot may already be booked. Please select a different time.');
  });
});
