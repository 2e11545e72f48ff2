// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_STORAGE_KEY, useConversation } from '@/features/chat/api/create-conversation';
import { ChatPanel, type ContactFormOpener } from '@/features/chat/components/chat-panel';
import type { PublicProfile } from '@shared/content';
import { json } from '../../../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../../../helpers/render';
import {
  CONVERSATION_ID,
  PROFILE,
  createEventStream,
  installFakeApi,
  message,
} from '../../../../../../helpers/fake-chat-api';

// The Markdown renderer loads lazily; here replies render as text (markdown-content.test.tsx covers it).
const preloadMarkdown = vi.hoisted(() => vi.fn());
vi.mock('@/features/chat/components/assistant-text', () => ({
  AssistantText: ({ content }: { content: string }) => <p>{content}</p>,
  preloadMarkdown,
}));

const MESSAGES_URL = `/api/conversations/${CONVERSATION_ID}/messages`;
const USER = message(
  'm1',
  'user',
  'What kind of AI solutions have you built for enterprises?',
  '2026-03-09T15:00:00.000Z',
);
const REPLY = message('m2', 'assistant', 'Claims triage, copilots and more.', '2026-03-09T15:00:03.000Z');

let api: ReturnType<typeof installFakeApi>;
let onOpenContactForm: ReturnType<typeof vi.fn<(opener: ContactFormOpener) => void>>;

function Harness({ profile }: { profile: PublicProfile }) {
  const conversation = useConversation();
  return (
    <ChatPanel
      profile={profile}
      conversation={conversation}
      onOpenSidebar={() => undefined}
      onOpenContactForm={onOpenContactForm}
    />
  );
}

const renderChat = (profile = PROFILE) => renderWithToaster(<Harness profile={profile} />);

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const input = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const conversationLog = () => screen.getByRole('region', { name: 'Conversation' });

beforeEach(() => {
  localStorage.clear();
  api = installFakeApi();
  onOpenContactForm = vi.fn<(opener: ContactFormOpener) => void>();
  api.on('POST /api/conversations', () => json(201, { id: CONVERSATION_ID }));
});

resetAfterEachTest();
afterEach(() => vi.useRealTimers());

describe('starting the chat', () => {
  it('loads the Markdown renderer when the visitor starts a message, not when the composer takes focus', async () => {
    preloadMarkdown.mockClear();
    renderChat();
    input().focus();
    fireEvent.focus(input());
    expect(preloadMarkdown).not.toHaveBeenCalled();
    fireEvent.keyDown(input(), { key: 'H' });
    expect(preloadMarkdown).toHaveBeenCalled();
    await waitFor(() => expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(CONVERSATION_ID));
  });

  it('creates a conversation, keeps its id, and welcomes the visitor', async () => {
    renderChat();
    expect(
      await screen.findByText(
        /I'm the AI clone of Alex Morgan, an AI Solutions Architect with 20 years of experience/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: "Chat with Alex Morgan's AI Clone" })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(CONVERSATION_ID));
    expect(api.calls('POST /api/conversations')).toHaveLength(1);
    // A brand-new conversation has nothing to fetch, and nothing to export yet.
    expect(api.calls(`GET ${MESSAGES_URL}`)).toHaveLength(0);
    expect(button('Export transcript').disabled).toBe(true);
    expect(button('Settings')).toBeTruthy();
  });

  it('welcomes the visitor with the greeting from the owner’s content', async () => {
    renderChat({ ...PROFILE, greeting: 'Hello! The owner rewrote this greeting in profile.json.' });
    expect(await screen.findByText('Hello! The owner rewrote this greeting in profile.json.')).toBeTruthy();
    expect(screen.queryByText(/I'm the AI clone of/)).toBeNull();
  });

  it('blocks sending and export until the conversation exists', async () => {
    let answer!: (res: Response) => void;
    api.on('POST /api/conversations', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderChat();
    await waitFor(() => expect(api.calls('POST /api/conversations')).toHaveLength(1));
    fireEvent.change(input(), { target: { value: 'Hello' } });
    expect(button('Send message').disabled).toBe(true);
    expect(button('AI Solutions').disabled).toBe(true);
    expect(button('Export transcript').disabled).toBe(true);
    await act(async () => answer(json(201, { id: CONVERSATION_ID })));
    await waitFor(() => expect(button('AI Solutions').disabled).toBe(false));
    await waitFor(() => expect(button('Send message').disabled).toBe(false));
  });

  it('continues the conversation kept in the browser', async () => {
    localStorage.setItem(CONVERSATION_STORAGE_KEY, CONVERSATION_ID);
    api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, REPLY]));
    renderChat();
    expect(await screen.findByText(REPLY.content)).toBeTruthy();
    expect(within(conversationLog()).getByText(USER.content)).toBeTruthy();
    expect(screen.queryByText(/I'm the AI clone of/)).toBeNull();
    expect(api.calls('POST /api/conversations')).toHaveLength(0);
    expect(button('Export transcript').disabled).toBe(false);
  });

  it('starts a new conversation when the kept one no longer exists', async () => {
    localStorage.setItem(CONVERSATION_STORAGE_KEY, 'gone-0000');
    api.on('GET /api/conversations/gone-0000/messages', () =>
      json(404, { message: 'Conversation not found.' }),
    );
    renderChat();
    await waitFor(() => expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(CONVERSATION_ID));
    expect(await screen.findByText(/I'm the AI clone of Alex Morgan/)).toBeTruthy();
    expect(api.calls('POST /api/conversations')).toHaveLength(1);
  });

  it('says "Failed to initialize chat session" when the conversation cannot be created, and can retry', async () => {
    api.on('POST /api/conversations', () => json(500, { message: 'boom' }));
    renderChat();
    const toast = await screen.findByText('Failed to initialize chat session');
    expect(toast.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByText('Error')).toBeTruthy();

    api.on('POST /api/conversations', () => json(201, { id: CONVERSATION_ID }));
    fireEvent.click(button('Try again'));
    await waitFor(() => expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(CONVERSATION_ID));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('sending', () => {
  async function startStreamedSend(send: () => void) {
    let stream!: ReturnType<typeof createEventStream>;
    let request!: RequestInit;
    api.on(`POST ${MESSAGES_URL}`, (init) => {
      request = init;
      stream = createEventStream(init.signal);
      return stream.response;
    });
    api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, REPLY]));
    renderChat();
    await waitFor(() => expect(button('AI Solutions').disabled).toBe(false));
    await act(async () => send());
    await waitFor(() => expect(stream).toBeDefined());
    return { stream: () => stream, request: () => request };
  }

  it('streams the reply of a quick question: the question at once, typing dots, growing text, then the stored list', async () => {
    const { stream, request } = await startStreamedSend(() => fireEvent.click(button('AI Solutions')));

    expect(JSON.parse(String(request().body))).toEqual({ content: USER.content });
    expect(new Headers(request().headers).get('Accept')).toBe('text/event-stream');
    // The question shows at once, the clone is "typing", and everything that would send is disabled.
    expect(within(conversationLog()).getByText(USER.content)).toBeTruthy();
    expect(screen.getByRole('status', { name: "Alex's AI clone is typing" })).toBeTruthy();
    expect(input().disabled).toBe(true);
    for (const label of ['AI Solutions', 'Cloud Architecture', 'Work Together'])
      expect(button(label).disabled).toBe(true);

    await act(async () => {
      stream().send('user', { message: USER });
      stream().send('delta', { text: 'Claims triage, ' });
    });
    expect(await screen.findByText('Claims triage,')).toBeTruthy();
    expect(screen.queryByRole('status', { name: /typing/ })).toBeNull();
    await act(async () => stream().send('delta', { text: 'copilots and more.' }));
    expect(await screen.findByText('Claims triage, copilots and more.')).toBeTruthy();
    expect(api.calls(`GET ${MESSAGES_URL}`)).toHaveLength(0);

    // From here on the reply never blinks out or shows twice while it moves into the list.
    const glitches: number[] = [];
    const watcher = new MutationObserver(() => {
      const count = within(conversationLog()).queryAllByText(REPLY.content).length;
      if (count !== 1) glitches.push(count);
    });
    watcher.observe(conversationLog(), { childList: true, subtree: true, characterData: true });
    await act(async () => stream().send('done', { message: REPLY, shouldShowContactForm: false }));
    await waitFor(() => expect(api.calls(`GET ${MESSAGES_URL}`)).toHaveLength(1));
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(within(conversationLog()).getAllByText(REPLY.content)).toHaveLength(1);
    expect(within(conversationLog()).getAllByText(USER.content)).toHaveLength(1);
    watcher.disconnect();
    expect(glitches).toEqual([]);
    expect(onOpenContactForm).not.toHaveBeenCalled();
    expect(button('Export transcript').disabled).toBe(false);
    // Screen readers hear the new reply.
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      "Alex's AI clone replied: Claims triage, copilots and more.",
    );
  });

  it('sends the trimmed input with Enter and opens the contact form when the server says so', async () => {
    const { stream, request } = await startStreamedSend(() => {
      fireEvent.change(input(), { target: { value: '   I want to hire you  \n' } });
      fireEvent.keyDown(input(), { key: 'Enter' });
    });
    expect(JSON.parse(String(request().body))).toEqual({ content: 'I want to hire you' });
    expect(input().value).toBe('');
    await act(async () => {
      stream().send('user', { message: message('m1', 'user', 'I want to hire you', USER.timestamp) });
      stream().send('delta', { text: 'Great!' });
      stream().send('done', {
        message: message('m2', 'assistant', 'Great!', REPLY.timestamp),
        shouldShowContactForm: true,
      });
    });
    // Opened by the reply, not by the visitor: the page keeps the keyboard down.
    await waitFor(() => expect(onOpenContactForm).toHaveBeenCalledExactlyOnceWith('reply'));
    await waitFor(() => expect(api.calls(`GET ${MESSAGES_URL}`)).toHaveLength(1));
  });

  it('shows "Failed to send message. Please try again." when the model fails mid-stream', async () => {
    const { stream } = await startStreamedSend(() => fireEvent.click(button('Work Together')));
    await act(async () => {
      stream().send('user', { message: USER });
      stream().send('error', { message: 'The AI clone is unavailable right now.', status: 503 });
    });
    const toast = await screen.findByText('Failed to send message. Please try again.');
    expect(toast.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.getByText('The AI clone is unavailable right now.')).toBeTruthy();
    await waitFor(() => expect(input().disabled).toBe(false));
    // The stored question comes back with the refetched list.
    await waitFor(() => expect(api.calls(`GET ${MESSAGES_URL}`)).toHaveLength(1));
  });

  it('shows the same toast when the request is refused, and gives the words back', async () => {
    api.on(`POST ${MESSAGES_URL}`, () => json(429, { message: "You're sending messages too quickly." }));
    renderChat();
    await waitFor(() => expect(button('AI Solutions').disabled).toBe(false));
    fireEvent.change(input(), { target: { value: 'Hello again' } });
    await act(async () => fireEvent.keyDown(input(), { key: 'Enter' }));
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeTruthy();
    // The server's reason under it: trying again at once would be refused again.
    expect(screen.getByText("You're sending messages too quickly.")).toBeTruthy();
    await waitFor(() => expect(input().value).toBe('Hello again'));
    expect(within(conversationLog()).queryByText('Hello again')).toBeNull();
  });

  it('stops a reply with the Stop button and keeps what arrived', async () => {
    const { stream, request } = await startStreamedSend(() => fireEvent.click(button('Cloud Architecture')));
    await act(async () => {
      stream().send('user', { message: USER });
      stream().send('delta', { text: 'I start from' });
    });
    await screen.findByText('I start from');
    await act(async () => fireEvent.click(button('Stop generating')));
    expect(request().signal?.aborted).toBe(true);
    await waitFor(() => expect(input().disabled).toBe(false));
    expect(within(conversationLog()).getByText('I start from')).toBeTruthy();
    expect(screen.queryByText('Failed to send message. Please try again.')).toBeNull();
  });
});

describe('exporting the transcript', () => {
  beforeEach(() => {
    localStorage.setItem(CONVERSATION_STORAGE_KEY, CONVERSATION_ID);
    api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, REPLY]));
  });

  it('saves the JSON file named by the visitor’s local date, not the server’s UTC one, and confirms', async () => {
    // Late evening for the visitor: the server's UTC clock is already on the next day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 9, 23, 30));
    const transcript = { conversation: { id: CONVERSATION_ID }, messages: [USER, REPLY] };
    api.on(`GET /api/conversations/${CONVERSATION_ID}/transcript`, () =>
      json(200, transcript, {
        'Content-Disposition': 'attachment; filename="conversation-transcript-2026-03-10.json"',
      }),
    );
    const saved: { name: string; blob: Blob }[] = [];
    // A stand-in class, so the real URL keeps its own statics once afterEach unstubs the globals.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:transcript');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const blob = createObjectURL.mock.calls.at(-1)?.[0] as Blob;
      saved.push({ name: this.download, blob });
    });

    try {
      renderChat();
      await screen.findByText(REPLY.content);
      fireEvent.click(button('Export transcript'));
      fireEvent.click(screen.getByRole('menuitem', { name: 'JSON (.json)' }));
      expect(await screen.findByText('Transcript exported successfully')).toBeTruthy();
      expect(saved.map((file) => file.name)).toEqual(['conversation-transcript-2026-03-09.json']);
      expect(JSON.parse(await saved[0]!.blob.text())).toEqual(transcript);
    } finally {
      click.mockRestore();
    }
  });

  it('says "Failed to export transcript" when the server fails', async () => {
    api.on(`GET /api/conversations/${CONVERSATION_ID}/transcript`, () => json(500, { message: 'boom' }));
    renderChat();
    await screen.findByText(REPLY.content);
    fireEvent.click(button('Export transcript'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Markdown (.md)' }));
    const toast = await screen.findByText('Failed to export transcript');
    expect(toast.closest('[data-variant]')?.getAttribute('data-variant')).toBe('destructive');
  });
});

describe('schedule-call button', () => {
  it('opens the contact form and shows its clicked state for 600 ms', async () => {
    renderChat();
    const schedule = button(/Schedule call to learn more about my services/);
    expect(within(schedule).getByText("Let's discuss your project!")).toBeTruthy(); // its hover text
    vi.useFakeTimers();
    fireEvent.click(schedule);
    expect(onOpenContactForm).toHaveBeenCalledExactlyOnceWith('visitor');
    expect(schedule.hasAttribute('data-clicked')).toBe(true);
    act(() => vi.advanceTimersByTime(599));
    expect(schedule.hasAttribute('data-clicked')).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(schedule.hasAttribute('data-clicked')).toBe(false);
  });
});
