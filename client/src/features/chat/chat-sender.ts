import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@shared/chat';
import { messagesQueryKey } from './api/get-messages';
import { streamRegeneratedReply } from './api/regenerate-reply';
import { streamMessage } from './api/send-message';
import type { StreamedReply } from './read-chat-stream';
import type { Exchange } from './reply-draft';

// One send at a time through the chat API, without React: it owns the exchange on screen, the
// abort and the message list's cache writes; the page reads it through `subscribe` /
// `getSnapshot` (useSyncExternalStore, see use-send-message.ts).

export type SendOutcome = 'replied' | 'stopped' | 'failed' | 'refused';

export interface ChatSenderSnapshot {
  readonly exchange: Exchange | null;
  readonly isSending: boolean;
}

export interface ChatSenderOptions {
  queryClient: QueryClient;
  /** A send or a regeneration failed (not stopped): the page tells the visitor why. */
  onFailure?(error: unknown, action: 'send' | 'regenerate'): void;
  /** The calls that stream a reply (tests give their own). */
  api?: { streamMessage: typeof streamMessage; streamRegeneratedReply: typeof streamRegeneratedReply };
}

// The server stores a stopped reply as the connection closes; refetching at once could miss it.
export const REFETCH_AFTER_STOP_MS = 800;

const keptReply = (content: string): ChatMessage => ({
  id: `stopped-${Date.now()}`,
  role: 'assistant',
  content: content.trim(),
  timestamp: new Date().toISOString(),
  isStopped: true,
});

export class ChatSender {
  private snapshot: ChatSenderSnapshot = { exchange: null, isSending: false };
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | null = null;
  private readonly api: NonNullable<ChatSenderOptions['api']>;

  constructor(private readonly options: ChatSenderOptions) {
    this.api = options.api ?? { streamMessage, streamRegeneratedReply };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSenderSnapshot => this.snapshot;

  /** Aborts the reply in flight; the part already shown is kept. */
  stop = (): void => this.controller?.abort();

  /**
   * Sends `text`, trimmed, and streams the reply: nothing when it is empty, without a conversation
   * or while another is in flight. `listed` is the list on screen as it is sent.
   */
  send = async (
    conversationId: string | null,
    text: string,
    { listed, onReply }: { listed: readonly ChatMessage[]; onReply?(reply: StreamedReply): void },
  ): Promise<SendOutcome | null> => {
    const content = text.trim();
    if (!conversationId || !content || this.controller) return null;
    const userMessage: ChatMessage = { id: `pending-${Date.now()}`, role: 'user', content, timestamp: '' };
    const listedIds = new Set(listed.map((m) => m.id));
    let reply = '';
    let isUserMessageStored = false;
    const exchange = async (signal: AbortSignal): Promise<SendOutcome> => {
      const result = await this.api.streamMessage(conversationId, content, {
        signal,
        onUserMessage: (message) => {
          isUserMessageStored = true;
          this.appendMessage(conversationId, message);
          this.updateExchange({ userMessage: message });
        },
        onDelta: (delta) => {
          reply += delta;
          this.updateExchange({ reply });
        },
      });
      this.appendMessage(conversationId, result.message);
      this.updateExchange({ reply: result.message.content, replyId: result.message.id });
      onReply?.(result);
      return 'replied';
    };
    const fail = (error: unknown, signal: AbortSignal): SendOutcome => {
      if (signal.aborted) {
        const kept = keptReply(reply);
        if (kept.content) this.appendMessage(conversationId, kept);
        this.updateExchange({ reply: kept.content, replyId: kept.id });
        return 'stopped';
      }
      this.options.onFailure?.(error, 'send');
      // A refused message was never stored: it leaves the screen (the input gets it back).
      if (isUserMessageStored) this.updateExchange({ reply: '' });
      else this.update({ exchange: null });
      return isUserMessageStored ? 'failed' : 'refused';
    };
    return this.run(conversationId, { userMessage, reply: '', listedIds }, exchange, fail);
  };

  /**
   * Replaces the clone's last reply (`replacedId`) with a new one, streamed in its place. A
   * failure leaves the old reply; stopped, the part shown replaces it, as the server does.
   */
  regenerate = async (conversationId: string | null, replacedId: string): Promise<SendOutcome | null> => {
    if (!conversationId || this.controller) return null;
    let reply = '';
    const exchange = async (signal: AbortSignal): Promise<SendOutcome> => {
      const result = await this.api.streamRegeneratedReply(conversationId, {
        signal,
        onDelta: (delta) => {
          reply += delta;
          this.updateExchange({ reply });
        },
      });
      this.replaceMessage(conversationId, replacedId, result.message);
      this.updateExchange({ replyId: result.message.id });
      return 'replied';
    };
    const fail = (error: unknown, signal: AbortSignal): SendOutcome => {
      if (signal.aborted && reply.trim()) {
        const kept = keptReply(reply);
        this.replaceMessage(conversationId, replacedId, kept);
        this.updateExchange({ reply: kept.content, replyId: kept.id });
        return 'stopped';
      }
      if (!signal.aborted) this.options.onFailure?.(error, 'regenerate');
      this.update({ exchange: null });
      return signal.aborted ? 'stopped' : 'failed';
    };
    return this.run(conversationId, { userMessage: null, reply: '', replacesId: replacedId }, exchange, fail);
  };

  /**
   * One exchange from start to outcome: `exchange` streams it, `fail` decides what a rejection
   * means (stopped or failed). Then the list is refetched: later after a stop, so the server has
   * stored the part it kept.
   */
  private async run(
    conversationId: string,
    initial: Exchange,
    exchange: (signal: AbortSignal) => Promise<SendOutcome>,
    fail: (error: unknown, signal: AbortSignal) => SendOutcome,
  ): Promise<SendOutcome> {
    const controller = new AbortController();
    this.controller = controller;
    this.update({ isSending: true, exchange: initial });
    let outcome: SendOutcome;
    try {
      outcome = await exchange(controller.signal);
    } catch (error) {
      outcome = fail(error, controller.signal);
    } finally {
      this.controller = null;
      this.update({ isSending: false });
    }
    const { queryClient } = this.options;
    const refetch = () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
    if (outcome === 'stopped') setTimeout(() => void refetch(), REFETCH_AFTER_STOP_MS);
    else void refetch();
    return outcome;
  }

  private appendMessage(conversationId: string, message: ChatMessage) {
    this.options.queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list = []) =>
      list.some((m) => m.id === message.id) ? list : [...list, message],
    );
  }

  /** Puts `message` in the list in place of the reply it regenerated. */
  private replaceMessage(conversationId: string, replacedId: string, message: ChatMessage) {
    this.options.queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list = []) => [
      ...list.filter((m) => m.id !== replacedId && m.id !== message.id),
      message,
    ]);
  }

  private updateExchange(change: Partial<Exchange>) {
    const { exchange } = this.snapshot;
    if (exchange) this.update({ exchange: { ...exchange, ...change } });
  }

  private update(change: Partial<ChatSenderSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
