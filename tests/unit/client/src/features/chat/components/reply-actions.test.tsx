// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_STORAGE_KEY, useConversation } from '@/features/chat/api/create-conversation';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { json } from '../../../../../../helpers/json-response';
import { renderWithToaster, resetAfterEachTest } from '../../../../../../helpers/render';
import {
  CONVERSATION_ID,
  PROFILE,
  createEventStream,
  installFakeApi,
  message,
} from '../../../../../../helpers/fake-chat-api';

// Copy, regenerate, the stopped mark and the switch between chats, as the visitor uses them.

vi.mock('@/features/chat/components/assistant-text', () => ({
  AssistantText: ({ content }: { content: string }) => <p>{content}</p>,
  preloadMarkdown: () => undefined,
}));

const MESSAGES_URL = `/api/conversations/${CONVERSATION_ID}/messages`;
const USER = message('m1', 'user', 'Where are you based?', '2026-03-09T15:00:00.000Z');
const REPLY = message('m2', 'assistant', 'In Massachusetts.', '2026-03-09T15:00:03.000Z');
const NEW_REPLY = message('m3', 'assistant', 'Near Boston, Massachusetts.', '2026-03-09T15:01:00.000Z');

let api: ReturnType<typeof installFakeApi>;

function Harness() {
  const conversation = useConversation();
  return (
    <ChatPanel
      profile={PROFILE}
      conversation={conversation}
      onOpenSidebar={() => undefined}
      onOpenContactForm={() => undefined}
    />
  );
}
const renderChat = () => renderWithToaster(<Harness />);
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const conversationLog = () => screen.getByRole('region', { name: 'Conversation' });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(CONVERSATION_STORAGE_KEY, CONVERSATION_ID);
  api = installFakeApi();
  api.on('POST /api/conversations', () => json(201, { id: 'c2c2c2c2-0000-4000-8000-000000000002' }));
  api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, REPLY]));
});

resetAfterEachTest();

describe('copying a reply', () => {
  it('puts the reply on the clipboard and says "Copied"', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    renderChat();
    await screen.findByText(REPLY.content);
    await act(async () => fireEvent.click(button('Copy reply')));
    expect(writeText).toHaveBeenCalledWith(REPLY.content);
    expect(within(button('Copy reply')).getByText('Copied')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Reply copied');
  });
});

describe('regenerating the last reply', () => {
  it('streams a new reply in place of the old one, offered on the last reply only', async () => {
    let stream!: ReturnType<typeof createEventStream>;
    api.on(`POST /api/conversations/${CONVERSATION_ID}/regenerate`, (init) => {
      stream = createEventStream(init.signal);
      return stream.response;
    });
    renderChat();
    await screen.findByText(REPLY.content);
    expect(screen.getAllByRole('button', { name: 'Regenerate reply' })).toHaveLength(1);

    await act(async () => fireEvent.click(button('Regenerate reply')));
    await waitFor(() => expect(stream).toBeDefined());
    // The old reply gives way at once; the clone is "typing".
    expect(within(conversationLog()).queryByText(REPLY.content)).toBeNull();
    expect(screen.getByRole('status', { name: "Alex's AI clone is typing" })).toBeTruthy();

    api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, NEW_REPLY]));
    await act(async () => stream.send('delta', { text: 'Near Boston, ' }));
    expect(await screen.findByText('Near Boston,')).toBeTruthy();
    await act(async () => stream.send('done', { message: NEW_REPLY, shouldShowContactForm: false }));
    await waitFor(() => expect(within(conversationLog()).getAllByText(NEW_REPLY.content)).toHaveLength(1));
    expect(within(conversationLog()).queryByText(REPLY.content)).toBeNull();
    await waitFor(() => expect(button('Regenerate reply').disabled).toBe(false));
  });

  it('keeps the old reply and shows the server’s reason when the regeneration is refused', async () => {
    api.on(`POST /api/conversations/${CONVERSATION_ID}/regenerate`, () =>
      json(429, { message: "You're sending messages too quickly. Please wait a minute and try again." }),
    );
    renderChat();
    await screen.findByText(REPLY.content);
    await act(async () => fireEvent.click(button('Regenerate reply')));
    expect(await screen.findByText('Failed to regenerate the reply. Please try again.')).toBeTruthy();
    expect(screen.getAllByText(/sending messages too quickly/).length).toBeGreaterThan(0);
    expect(within(conversationLog()).getByText(REPLY.content)).toBeTruthy();
  });
});

describe('stopped replies', () => {
  it('marks a reply the server stored as stopped', async () => {
    api.on(`GET ${MESSAGES_URL}`, () => json(200, [USER, { ...REPLY, isStopped: true }]));
    renderChat();
    await screen.findByText(REPLY.content);
    expect(within(conversationLog()).getByText('Stopped')).toBeTruthy();
  });
});

describe('switching chats', () => {
  it('lists this browser’s chats, opens an earlier one and starts a new one', async () => {
    const OTHER = 'd4d4d4d4-0000-4000-8000-000000000004';
    api.on('GET /api/conversations', () =>
      json(200, [
        {
          id: CONVERSATION_ID,
          title: 'Where are you based?',
          createdAt: USER.timestamp,
          lastMessageAt: REPLY.timestamp,
          messageCount: 2,
        },
        {
          id: OTHER,
          title: 'What are your rates?',
          createdAt: USER.timestamp,
          lastMessageAt: USER.timestamp,
          messageCount: 4,
        },
      ]),
    );
    api.on(`GET /api/conversations/${OTHER}/messages`, () =>
      json(200, [message('o1', 'user', 'What are your rates?', USER.timestamp)]),
    );
    renderChat();
    await screen.findByText(REPLY.content);

    fireEvent.click(button('Your chats'));
    const list = await screen.findByRole('list', { name: 'Earlier chats' });
    expect(within(list).getByRole('button', { current: true }).textContent).toContain('Where are you based?');
    fireEvent.click(within(list).getByRole('button', { name: /What are your rates/ }));
    expect(await within(conversationLog()).findByText('What are your rates?')).toBeTruthy();
    expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe(OTHER);

    fireEvent.click(button('Your chats'));
    fireEvent.click(await screen.findByRole('button', { name: 'New chat' }));
    await waitFor(() =>
      expect(localStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe('c2c2c2c2-0000-4000-8000-000000000002'),
    );
    expect(await screen.findByText(/I'm the AI clone of Alex Morgan/)).toBeTruthy();
  });
});
