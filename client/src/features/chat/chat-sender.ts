import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@shared/chat';
import { messagesQueryKey } from './api/get-messages';
import { streamRegeneratedReply } from './api/regenerate-reply';
import { streamMessage } from './api/send-message';
import type { StreamedReply } from './read-chat-stream';
import type { Exchange } from './reply-draft';

// One send at a time through the chat API, without React: it owns the exchange on screen, the
// abort and the message list's cache writes; the page reads it through `subscribe` /
// `getSnapshot` (useSyncExternalStore, see use-send-message.ts). A closure rather than a class:
// it ships with the first page, and local names minify where property names do not.

export type SendOutcome = 'replied' | 'stopped' | 'failed' | 'refused';

export interface ChatSenderSnapshot {
  readonly exchange: Exchange | null;
  readonly isSending: boolean;
}

/** A send or a regeneration failed (not stopped): the page tells the visitor why. */
export type FailureHandler = (error: unknown, action: 'send' | 'regenerate') => void;

export type ChatSender = ReturnType<typeof createChatSender>;

// The server stores a stopped reply as the connection closes; refetching at once could miss it.
export const REFETCH_AFTER_STOP_MS = 800;

const keptReply = (content: string): ChatMessage => ({
  id: `stopped-${Date.now()}`,
  role: 'assistant',
  content: content.trim(),
  timestamp: new Date().toISOString(),
  isStopped: true,
});

/** An exchange's work: it streams the reply and says how it went, or throws. */
type Streamer = (signal: AbortSignal, onDelta: (delta: string) => void) => Promise<SendOutcome>;
/** What a rejected exchange means (stopped or failed), given the reply shown so far. */
type Failer = (error: unknown, isStopped: boolean, reply: string) => SendOutcome;
/** Runs one exchange, or none (null) while another is in flight. */
type Run = (
  conversationId: string,
  initial: Exchange,
  stream: Streamer,
  fail: Failer,
) => Promise<SendOutcome | null>;
/** Changes the exchange on screen; null takes it away. */
type Edit = (change: Partial<Exchange> | null) => void;

export function createChatSender(queryClient: QueryClient, onFailure?: FailureHandler) {
  let snapshot: ChatSenderSnapshot = { exchange: null, isSending: false };
  const listeners = new Set<() => void>();
  let controller: AbortController | null = null;

  function update(change: Partial<ChatSenderSnapshot>) {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }
  const edit: Edit = (change) =>
    change
      ? snapshot.exchange && update({ exchange: { ...snapshot.exchange, ...change } })
      : update({ exchange: null });

  /**
   * One exchange from start to outcome; then the list is refetched: later after a stop, so the
   * server has stored the part it kept.
   */
  const run: Run = async (conversationId, initial, stream, fail) => {
    if (controller) return null;
    const current = new AbortController();
    controller = current;
    update({ isSending: true, exchange: initial });
    let reply = '';
    let outcome: SendOutcome;
    try {
      outcome = await stream(current.signal, (delta) => {
        reply += delta;
        edit({ reply });
      });
    } catch (error) {
      outcome = fail(error, current.signal.aborted, reply);
    } finally {
      controller = null;
      update({ isSending: false });
    }
    const refetch = () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
    if (outcome === 'stopped') setTimeout(() => void refetch(), REFETCH_AFTER_STOP_MS);
    else void refetch();
    return outcome;
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    send: sendThrough(queryClient, run, edit, onFailure),
    regenerate: regenerateThrough(queryClient, run, edit, onFailure),
    /** Aborts the reply in flight; the part already shown is kept. */
    stop: () => controller?.abort(),
  };
}

const setMessages = (
  queryClient: QueryClient,
  conversationId: string,
  change: (list: ChatMessage[]) => ChatMessage[],
) => queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list = []) => change(list));

/** Adds `message` to the list unless it is there already. */
const appendMessage = (queryClient: QueryClient, conversationId: string, message: ChatMessage) =>
  setMessages(queryClient, conversationId, (list) =>
    list.some((m) => m.id === message.id) ? list : [...list, message],
  );

/** Puts `message` in the list in place of the reply it regenerated. */
const replaceMessage = (
  queryClient: QueryClient,
  conversationId: string,
  replacedId: string,
  message: ChatMessage,
) =>
  setMessages(queryClient, conversationId, (list) => [
    ...list.filter((m) => m.id !== replacedId && m.id !== message.id),
    message,
  ]);

/**
 * Sends `text`, trimmed, and streams the reply: nothing when it is empty, without a conversation
 * or while another is in flight. `listed` is the list on screen as it is sent.
 */
const sendThrough =
  (queryClient: QueryClient, run: Run, edit: Edit, onFailure?: FailureHandler) =>
  async (
    conversationId: string | null,
    text: string,
    listed: readonly ChatMessage[],
    onReply?: (reply: StreamedReply) => void,
  ): Promise<SendOutcome | null> => {
    const content = text.trim();
    if (!conversationId || !content) return null;
    const userMessage: ChatMessage = { id: `pending-${Date.now()}`, role: 'user', content, timestamp: '' };
    let isUserMessageStored = false;
    const onUserMessage = (message: ChatMessage) => {
      isUserMessageStored = true;
      appendMessage(queryClient, conversationId, message);
      edit({ userMessage: message });
    };
    const stream: Streamer = async (signal, onDelta) => {
      const result = await streamMessage(conversationId, content, { signal, onUserMessage, onDelta });
      appendMessage(queryClient, conversationId, result.message);
      edit({ reply: result.message.content, replyId: result.message.id });
      onReply?.(result);
      return 'replied';
    };
    const fail: Failer = (error, isStopped, reply) => {
      if (isStopped) {
        const kept = keptReply(reply);
        if (kept.content) appendMessage(queryClient, conversationId, kept);
        edit({ reply: kept.content, replyId: kept.id });
        return 'stopped';
      }
      onFailure?.(error, 'send');
      // A refused message was never stored: it leaves the screen (the input gets it back).
      edit(isUserMessageStored ? { reply: '' } : null);
      return isUserMessageStored ? 'failed' : 'refused';
    };
    const listedIds = new Set(listed.map((m) => m.id));
    return run(conversationId, { userMessage, reply: '', listedIds }, stream, fail);
  };

/**
 * Replaces the clone's last reply (`replacedId`) with a new one, streamed in its place. A
 * failure leaves the old reply; stopped, the part shown replaces it, as the server does.
 */
const regenerateThrough =
  (queryClient: QueryClient, run: Run, edit: Edit, onFailure?: FailureHandler) =>
  async (conversationId: string | null, replacedId: string): Promise<SendOutcome | null> => {
    if (!conversationId) return null;
    const stream: Streamer = async (signal, onDelta) => {
      const result = await streamRegeneratedReply(conversationId, { signal, onDelta });
      replaceMessage(queryClient, conversationId, replacedId, result.message);
      edit({ replyId: result.message.id });
      return 'replied';
    };
    const fail: Failer = (error, isStopped, reply) => {
      if (isStopped && reply.trim()) {
        const kept = keptReply(reply);
        replaceMessage(queryClient, conversationId, replacedId, kept);
        edit({ reply: kept.content, replyId: kept.id });
        return 'stopped';
      }
      if (!isStopped) onFailure?.(error, 'regenerate');
      edit(null);
      return isStopped ? 'stopped' : 'failed';
    };
    return run(conversationId, { userMessage: null, reply: '', replacesId: replacedId }, stream, fail);
  };
