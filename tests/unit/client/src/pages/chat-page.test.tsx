// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatPage } from '@/pages/chat-page';
import { json } from '../../../../helpers/json-response';
import { renderWithClient } from '../../../../helpers/render';
import {
  CONVERSATION_ID,
  PROFILE,
  createEventStream,
  installFakeApi,
  message,
} from '../../../../helpers/fake-chat-api';

vi.mock('@/features/chat/components/assistant-text', () => ({
  AssistantText: ({ content }: { content: string }) => <p>{content}</p>,
  preloadMarkdown: () => undefined,
}));

let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  localStorage.clear();
  api = installFakeApi();
  api.on('GET /api/profile', () => json(200, PROFILE));
  api.on('POST /api/conversations', () => json(201, { id: CONVERSATION_ID }));
  api.on('GET /api/bookings/config', () =>
    json(200, {
      ownerTimeZone: 'America/New_York',
      slotTimes: ['09:00'],
      windowWeekdays: 10,
      minNoticeHours: 2,
      daysOff: [],
      isMailConfigured: false,
    }),
  );
  api.on(`GET /api/conversations/${CONVERSATION_ID}/booked-calls`, () => json(200, []));
  api.on('GET /api/bookings/slots', () => json(200, []));
  // jsdom has no layout: every media query is false (a small screen).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () => renderWithClient(<ChatPage />);
// The contact modal is loaded lazily: its first import (the booking rules, dates, time zones) is
// transformed on demand here, which takes seconds on a busy machine.
const LAZY_MODAL = { timeout: 10_000 };

describe('the chat page', () => {
  it('shows the owner’s profile in the sidebar', async () => {
    renderPage();
    const sidebar = screen.getByRole('complementary', { name: 'Profile' });
    expect(await within(sidebar).findByRole('heading', { name: 'Alex Morgan' })).toBeTruthy();
    expect(within(sidebar).getByText('AI Solutions Architect')).toBeTruthy();
    expect(within(sidebar).getByText('Online & Ready')).toBeTruthy();
    expect(within(sidebar).getByRole('img', { name: 'Alex Morgan' }).getAttribute('src')).toBe(
      '/api/profile/photo',
    );
    expect(within(sidebar).getByRole('link', { name: 'Voice Call' }).getAttribute('href')).toBe('/voice');
    expect(within(sidebar).getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/');
    const expertise = within(sidebar).getByRole('region', { name: 'Expertise' });
    expect(
      within(expertise)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(PROFILE.expertise.map((e) => e.title));
    const stats = within(sidebar).getByRole('region', { name: 'Quick Stats' });
    for (const value of ['20 years', '100+ enterprise solutions', '~2 seconds'])
      expect(within(stats).getByText(value)).toBeTruthy();
    const availability = within(sidebar).getByRole('region', { name: 'Availability' });
    for (const value of [PROFILE.availability, 'Massachusetts, USA', 'Remote freelancer']) {
      expect(within(availability).getByText(value)).toBeTruthy();
    }
    await waitFor(() => expect(document.title).toBe("Chat with Alex Morgan's AI Clone"));
  });

  it('opens the profile drawer from the menu button, with focus inside, and closes it', async () => {
    renderPage();
    await screen.findByRole('heading', { name: "Chat with Alex Morgan's AI Clone" });
    const menu = screen.getByRole('button', { name: 'Open profile menu' });
    menu.focus();
    fireEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'Profile' });
    expect(within(drawer).getByRole('heading', { name: 'Alex Morgan' })).toBeTruthy();
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Close profile menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Profile' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });

  it('opens the "Schedule a Phone Call" form from the schedule-call button, and returns focus to it', async () => {
    renderPage();
    await screen.findByRole('heading', { name: "Chat with Alex Morgan's AI Clone" });
    const schedule = screen.getByRole('button', { name: /Schedule call to learn more/ });
    schedule.focus();
    await act(async () => fireEvent.click(schedule));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Phone Call' }, LAZY_MODAL);
    // The visitor asked for the form: its first field is ready to type in.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Full name/)));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule a Phone Call' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(schedule));
  });

  it('opens the form a reply asks for only once the reply is complete, with no field focused, and offers it again under the reply', async () => {
    const MESSAGES_URL = `/api/conversations/${CONVERSATION_ID}/messages`;
    const asked = message('m1', 'user', "What are your rates? I'd like to hire you", '2026-03-09T15:00:00Z');
    const answer = message(
      'm2',
      'assistant',
      'From $150 an hour. Pick a time below.',
      '2026-03-09T15:00:03Z',
    );
    let stream!: ReturnType<typeof createEventStream>;
    api.on(`POST ${MESSAGES_URL}`, (init) => {
      stream = createEventStream(init.signal);
      return stream.response;
    });
    api.on(`GET ${MESSAGES_URL}`, () => json(200, [asked, answer]));
    renderPage();
    const input = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    await waitFor(() => expect(input.disabled).toBe(false));
    input.focus();
    fireEvent.change(input, { target: { value: asked.content } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    await waitFor(() => expect(stream).toBeDefined());

    await act(async () => {
      stream.send('user', { message: asked });
      stream.send('delta', { text: 'From $150 an hour. ' });
    });
    expect(await screen.findByText('From $150 an hour.')).toBeTruthy();
    // Mid-reply: no form over the words still arriving.
    expect(screen.queryByRole('dialog')).toBeNull();

    await act(async () => {
      stream.send('delta', { text: 'Pick a time below.' });
      stream.send('done', { message: answer, shouldShowContactForm: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a Phone Call' }, LAZY_MODAL);
    // The whole answer was on screen before the form opened over it.
    expect(screen.getByText(answer.content)).toBeTruthy();
    // The dialog itself holds focus: no field (no phone keyboard over the answer), not the input.
    await waitFor(() => expect(document.activeElement).toBe(dialog));

    // Closed, it leaves the visitor at the answer, with a way back to the form under it.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Schedule a Phone Call' })).toBeNull());
    const conversation = screen.getByRole('region', { name: 'Conversation' });
    const bookCall = within(conversation).getByRole('button', { name: 'Book a call' });
    await waitFor(() => expect(document.activeElement).toBe(bookCall));
    expect(within(conversation).getByText(answer.content).closest('li')?.contains(bookCall)).toBe(true);

    // Asked for by the visitor, the form is ready to type in.
    await act(async () => fireEvent.click(bookCall));
    const reopened = await screen.findByRole('dialog', { name: 'Schedule a Phone Call' });
    await waitFor(() => expect(document.activeElement).toBe(within(reopened).getByLabelText(/^Full name/)));
  });
});

describe('deleting the chat', () => {
  const NEW_ID = '7e2d9b1c-1f0a-4c3e-8b5d-6a7f8e9d0c12';

  it('asks first, then deletes the conversation and starts a new one', async () => {
    localStorage.setItem('chat.conversationId', CONVERSATION_ID);
    api.on(`GET /api/conversations/${CONVERSATION_ID}/messages`, () =>
      json(200, [message('m1', 'user', 'My secret project', '2026-03-04T15:00:00Z')]),
    );
    api.on(`DELETE /api/conversations/${CONVERSATION_ID}`, () => new Response(null, { status: 204 }));
    api.on('POST /api/conversations', () => json(201, { id: NEW_ID }));
    renderPage();
    await screen.findByText('My secret project');

    const remove = screen.getByRole('button', { name: 'Delete chat' });
    fireEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: 'Delete this chat?' });
    // Cancel leaves everything as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`DELETE /api/conversations/${CONVERSATION_ID}`)).toHaveLength(0);

    fireEvent.click(remove);
    const confirm = await screen.findByRole('dialog', { name: 'Delete this chat?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete chat' }));
    await waitFor(() => expect(screen.queryByText('My secret project')).toBeNull());
    await waitFor(() => expect(localStorage.getItem('chat.conversationId')).toBe(NEW_ID));
    expect(api.calls(`DELETE /api/conversations/${CONVERSATION_ID}`)).toHaveLength(1);
    expect(api.calls('POST /api/conversations')).toHaveLength(1);
    // Nothing to delete in the fresh chat yet.
    expect(screen.getByRole('button', { name: 'Delete chat' })).toHaveProperty('disabled', true);
  });

  it('shows the booked call of this chat from stored data, honest that no e-mail is sent', async () => {
    const callId = '0b8c5d0e-6a0f-4c1e-9d53-2d7f6f0c9a11';
    api.on(`GET /api/conversations/${CONVERSATION_ID}/booked-calls`, () =>
      json(200, [
        {
          id: callId,
          date: '2026-03-09',
          time: '09:00',
          startsAt: '2026-03-09T13:00:00.000Z',
          endsAt: '2026-03-09T14:00:00.000Z',
          ownerTimeZone: 'America/New_York',
          phoneNumber: '+1 617 555 0142',
          email: 'jane@example.com',
          isConfirmed: false,
          manageUrl: '/booking#token',
          calendarFileUrl: `/api/conversations/${CONVERSATION_ID}/booked-calls/${callId}/calendar.ics`,
          googleCalendarUrl: 'https://calendar.google.com/calendar/render?action=TEMPLATE',
        },
      ]),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Your call with Alex Morgan is booked' });
    expect(within(card).getByText('Monday, Mar 9 at 9:00 AM ET')).toBeTruthy();
    const ics = within(card).getByRole('link', { name: 'Add to calendar (.ics)' });
    expect(ics.getAttribute('href')).toBe(
      `/api/conversations/${CONVERSATION_ID}/booked-calls/${callId}/calendar.ics`,
    );
    expect(ics.hasAttribute('download')).toBe(true);
    expect(
      within(card)
        .getByRole('link', { name: /Google Calendar/ })
        .getAttribute('target'),
    ).toBe('_blank');
    expect(within(card).getByText(/will call you at/).textContent).toContain('+1 617 555 0142');
    expect(await within(card).findByText(/This site sends no e-mail for now/)).toBeTruthy();
    expect(within(card).getByText('Waiting for Alex Morgan to confirm')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Reschedule or cancel' }).getAttribute('href')).toBe(
      '/booking#token',
    );
    expect(within(card).queryByText(/on its way/)).toBeNull();
  });
});
