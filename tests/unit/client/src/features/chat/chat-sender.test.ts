import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { messagesQueryKey } from '@/features/chat/api/get-messages';
import { streamRegeneratedReply } from '@/features/chat/api/regenerate-reply';
import { streamMessage } from '@/features/chat/api/send-message';
import { createChatSender, REFETCH_AFTER_STOP_MS } from '@/features/chat/chat-sender';
import { ChatStreamError, type StreamedReply } from '@/features/chat/read-chat-stream';
import { toDraft } from '@/features/chat/reply-draft';
import { ApiError } from '@/lib/api-client';

// The chat sender without React: the exchange it exposes, the abort and its writes to the
// message list's cache, driven through stand-ins of the streaming calls.

vi.mock('@/features/chat/api/send-message', () => ({ streamMessage: vi.fn() }));
vi.mock('@/features/chat/api/regenerate-reply', () => ({ streamRegeneratedReply: vi.fn() }));

const ID = 'c1';
const at = (second: number) => `2026-03-09T15:00:0${second}.000Z`;
const OLD_QUESTION: ChatMessage = { id: 'u0', role: 'user', content: 'Before', timestamp: at(0) };
const OLD_REPLY: ChatMessage = { id: 'a0', role: 'assistant', content: 'Earlier reply', timestamp: at(1) };
const STORED_QUESTION: ChatMessage = { id: 'u1', role: 'user', content: 'Hi there', timestamp: at(2) };
const STORED_REPLY: ChatMessage = { id: 'a1', role: 'assistant', content: 'Hello!', timestamp: at(3) };

interface Handlers {
  signal?: AbortSignal;
  onUserMessage?(message: ChatMessage): void;
  onDelta?(text: string): void;
}

/** One streamed call the test drives: its handlers, and how it ends. */
function controlledStream() {
  let handlers: Handlers = {};
  let finish!: (reply: StreamedReply) => void;
  let fail!: (error: unknown) => void;
  const call = vi.fn((...args: unknown[]) => {
    handlers = args.at(-1) as Handlers;
    return new Promise<StreamedReply>((resolve, reject) => {
      finish = resolve;
      fail = reject;
      // As fetch does: an aborted request rejects.
      handlers.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  });
  return {
    call,
    handlers: () => handlers,
    finish: (reply: StreamedReply) => finish(reply),
    fail: (error: unknown) => fail(error),
  };
}

function setUp(list: ChatMessage[] = [OLD_QUESTION, OLD_REPLY]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(messagesQueryKey(ID), list);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const message = controlledStream();
  const regenerate = controlledStream();
  vi.mocked(streamMessage).mockImplementation(message.call);
  vi.mocked(streamRegeneratedReply).mockImplementation(regenerate.call);
  const onFailure = vi.fn();
  const sender = createChatSender(queryClient, onFailure);
  const listed = () => queryClient.getQueryData<ChatMessage[]>(messagesQueryKey(ID)) ?? [];
  return { sender, message, regenerate, onFailure, invalidate, listed };
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

describe('ChatSender.send', () => {
  it('shows the words at once, lists the stored copy and the reply, then refetches', async () => {
    const { sender, message, invalidate, listed } = setUp();
    const onReply = vi.fn();
    const sent = sender.send(ID, '  Hi there ', listed(), onReply);

    expect(message.call).toHaveBeenCalledWith(ID, 'Hi there', expect.anything());
    expect(sender.getSnapshot().isSending).toBe(true);
    expect(sender.getSnapshot().exchange?.userMessage).toMatchObject({ role: 'user', content: 'Hi there' });
    expect(sender.getSnapshot().exchange?.userMessage?.id).toMatch(/^pending-/);

    message.handlers().onUserMessage?.(STORED_QUESTION);
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY, STORED_QUESTION]);
    expect(sender.getSnapshot().exchange?.userMessage).toEqual(STORED_QUESTION);
    message.handlers().onDelta?.('Hel');
    message.handlers().onDelta?.('lo!');
    expect(sender.getSnapshot().exchange?.reply).toBe('Hello!');
    expect(invalidate).not.toHaveBeenCalled();

    message.finish({ message: STORED_REPLY, shouldShowContactForm: true });
    await expect(sent).resolves.toBe('replied');
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY, STORED_QUESTION, STORED_REPLY]);
    expect(sender.getSnapshot()).toMatchObject({ isSending: false, exchange: { replyId: 'a1' } });
    expect(onReply).toHaveBeenCalledWith({ message: STORED_REPLY, shouldShowContactForm: true });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesQueryKey(ID) });
  });

  it('tells its listeners of every change', async () => {
    const { sender, message, listed } = setUp();
    const listener = vi.fn();
    const unsubscribe = sender.subscribe(listener);
    const sent = sender.send(ID, 'Hi there', listed());
    message.handlers().onDelta?.('Hello!');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    message.finish({ message: STORED_REPLY, shouldShowContactForm: false });
    await sent;
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('sends nothing when empty, without a conversation, or while a reply is on its way', async () => {
    const { sender, message, listed } = setUp();
    await expect(sender.send(ID, '   ', listed())).resolves.toBeNull();
    await expect(sender.send(null, 'Hi', listed())).resolves.toBeNull();
    expect(message.call).not.toHaveBeenCalled();

    const first = sender.send(ID, 'Hi there', listed());
    await expect(sender.send(ID, 'Again', listed())).resolves.toBeNull();
    await expect(sender.regenerate(ID, OLD_REPLY.id)).resolves.toBeNull();
    expect(message.call).toHaveBeenCalledTimes(1);
    message.finish({ message: STORED_REPLY, shouldShowContactForm: false });
    await first;
  });

  it('stop keeps the part shown, marked as stopped, and refetches only after a pause', async () => {
    const { sender, message, onFailure, invalidate, listed } = setUp();
    const sent = sender.send(ID, 'Hi there', listed());
    message.handlers().onUserMessage?.(STORED_QUESTION);
    message.handlers().onDelta?.('Half an answer ');
    sender.stop();

    await expect(sent).resolves.toBe('stopped');
    expect(message.handlers().signal?.aborted).toBe(true);
    const kept = listed().at(-1);
    expect(kept).toMatchObject({ role: 'assistant', content: 'Half an answer', isStopped: true });
    expect(kept?.id).toMatch(/^stopped-/);
    expect(sender.getSnapshot().exchange).toMatchObject({ reply: 'Half an answer', replyId: kept?.id });
    expect(onFailure).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REFETCH_AFTER_STOP_MS);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagesQueryKey(ID) });
  });

  it('stopped before any words, lists nothing for the reply', async () => {
    const { sender, listed } = setUp();
    const sent = sender.send(ID, 'Hi there', listed());
    sender.stop();
    await expect(sent).resolves.toBe('stopped');
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY]);
  });

  it('a refused message leaves the screen and is reported', async () => {
    const { sender, message, onFailure, invalidate, listed } = setUp();
    const sent = sender.send(ID, 'Hi there', listed());
    const refusal = new ApiError(429, '{"message":"Too many messages."}', 'Too many messages.');
    message.fail(refusal);

    await expect(sent).resolves.toBe('refused');
    expect(sender.getSnapshot()).toEqual({ exchange: null, isSending: false });
    expect(onFailure).toHaveBeenCalledWith(refusal, 'send');
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY]);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('a model failure after the message was stored keeps the message and drops the reply', async () => {
    const { sender, message, onFailure, listed } = setUp();
    const sent = sender.send(ID, 'Hi there', listed());
    message.handlers().onUserMessage?.(STORED_QUESTION);
    message.handlers().onDelta?.('Partial');
    const failure = new ChatStreamError('The AI clone is unavailable.', 503);
    message.fail(failure);

    await expect(sent).resolves.toBe('failed');
    expect(sender.getSnapshot().exchange).toMatchObject({ userMessage: STORED_QUESTION, reply: '' });
    expect(onFailure).toHaveBeenCalledWith(failure, 'send');
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY, STORED_QUESTION]);
  });
});

describe('ChatSender.regenerate', () => {
  const NEW_REPLY: ChatMessage = { id: 'a2', role: 'assistant', content: 'A new answer', timestamp: at(4) };

  it('streams the new reply in place of the old one', async () => {
    const { sender, regenerate, invalidate, listed } = setUp();
    const done = sender.regenerate(ID, OLD_REPLY.id);
    expect(sender.getSnapshot().exchange).toEqual({ userMessage: null, reply: '', replacesId: 'a0' });
    regenerate.handlers().onDelta?.('A new ');
    expect(sender.getSnapshot().exchange?.reply).toBe('A new ');
    regenerate.finish({ message: NEW_REPLY, shouldShowContactForm: false });

    await expect(done).resolves.toBe('replied');
    expect(listed()).toEqual([OLD_QUESTION, NEW_REPLY]);
    expect(sender.getSnapshot().exchange?.replyId).toBe('a2');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('a failure leaves the old reply and is reported', async () => {
    const { sender, regenerate, onFailure, listed } = setUp();
    const done = sender.regenerate(ID, OLD_REPLY.id);
    const conflict = new ApiError(409, '{"message":"Changed."}', 'Changed.');
    regenerate.fail(conflict);
    await expect(done).resolves.toBe('failed');
    expect(listed()).toEqual([OLD_QUESTION, OLD_REPLY]);
    expect(sender.getSnapshot().exchange).toBeNull();
    expect(onFailure).toHaveBeenCalledWith(conflict, 'regenerate');
  });

  it('stopped midway, the part shown replaces the old reply; stopped before any, nothing changes', async () => {
    const { sender, regenerate, onFailure, invalidate, listed } = setUp();
    const midway = sender.regenerate(ID, OLD_REPLY.id);
    regenerate.handlers().onDelta?.('Half ');
    sender.stop();
    await expect(midway).resolves.toBe('stopped');
    expect(listed()).toEqual([OLD_QUESTION, expect.objectContaining({ content: 'Half', isStopped: true })]);

    const keptId = listed()[1]!.id;
    const early = sender.regenerate(ID, keptId);
    sender.stop();
    await expect(early).resolves.toBe('stopped');
    expect(listed()[1]!.id).toBe(keptId);
    expect(sender.getSnapshot().exchange).toBeNull();
    expect(onFailure).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(REFETCH_AFTER_STOP_MS);
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});

describe('toDraft', () => {
  const pending: ChatMessage = { id: 'pending-1', role: 'user', content: 'Hi there', timestamp: '' };

  it('shows what the list does not hold yet, and nothing once it holds both', () => {
    const exchange = { userMessage: STORED_QUESTION, reply: 'Hello!', replyId: 'a1' };
    expect(toDraft(exchange, [OLD_REPLY])).toEqual({
      pendingUserMessage: STORED_QUESTION,
      reply: 'Hello!',
      replacesId: null,
    });
    expect(toDraft(exchange, [STORED_QUESTION])).toMatchObject({ pendingUserMessage: null, reply: 'Hello!' });
    expect(toDraft(exchange, [STORED_QUESTION, STORED_REPLY])).toBeNull();
    expect(toDraft(null, [])).toBeNull();
  });

  it('recognises the stored copy of a stand-in by its words, among messages listed after the send', () => {
    const exchange = { userMessage: pending, reply: '', listedIds: new Set(['u0']) };
    expect(toDraft(exchange, [OLD_QUESTION])?.pendingUserMessage).toEqual(pending);
    expect(toDraft(exchange, [OLD_QUESTION, STORED_QUESTION])).toBeNull();
    const sameWordsBefore = { ...exchange, listedIds: new Set(['u1']) };
    expect(toDraft(sameWordsBefore, [STORED_QUESTION])?.pendingUserMessage).toEqual(pending);
  });

  it('hides the reply being regenerated while it is listed', () => {
    const exchange = { userMessage: null, reply: '', replacesId: 'a0' };
    expect(toDraft(exchange, [OLD_REPLY])).toEqual({ pendingUserMessage: null, reply: '', replacesId: 'a0' });
    expect(toDraft(exchange, [])).toBeNull();
  });
});
