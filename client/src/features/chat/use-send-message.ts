import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@shared/chat';
import { toast } from '@/components/ui/use-toast';
import { useLatestRef } from '@/lib/use-latest-ref';
import { messagesQueryKey, streamMessage, streamRegeneratedReply } from './api';
import { regenerateFailedDescription, sendFailedDescription } from './components/send-failed-description';
import type { StreamedReply } from './read-chat-stream';

/** What the screen shows of a send in flight, beside the message list. */
export interface ReplyDraft {
  /** The visitor's words, shown at once; null once the stored copy is in the list. */
  pendingUserMessage: ChatMessage | null;
  /** The reply so far; empty while waiting for the first words or once it is in the list. */
  reply: string;
  /** The listed reply being regenerated: hidden while its replacement is on its way. */
  replacesId: string | null;
}

export type SendOutcome = 'replied' | 'stopped' | 'failed' | 'refused';

/**
 * One send: the visitor's message (a stand-in until the stored copy arrives) and the reply so far.
 * It stays until the list holds both, so nothing blinks out between the stream's end and the
 * list's next render.
 */
interface Exchange {
  /** Null when regenerating: no visitor message is sent. */
  userMessage: ChatMessage | null;
  reply: string;
  /** Set when the reply is complete (or stopped) and added to the list. */
  replyId?: string;
  replacesId?: string;
  /** The ids listed when the message was sent: a later user message with its words is its copy. */
  listedIds?: ReadonlySet<string>;
}

// The server stores a stopped reply as the connection closes; refetching at once could miss it.
const REFETCH_AFTER_STOP_MS = 800;

function appendMessage(queryClient: QueryClient, conversationId: string, message: ChatMessage) {
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list = []) =>
    list.some((m) => m.id === message.id) ? list : [...list, message],
  );
}

/** Puts `message` in the list in place of the reply it regenerated. */
function replaceMessage(
  queryClient: QueryClient,
  conversationId: string,
  replacedId: string,
  message: ChatMessage,
) {
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(conversationId), (list = []) => [
    ...list.filter((m) => m.id !== replacedId && m.id !== message.id),
    message,
  ]);
}

function toDraft(exchange: Exchange | null, messages: ChatMessage[]): ReplyDraft | null {
  if (!exchange) return null;
  const isListed = (id: string | undefined) => id !== undefined && messages.some((m) => m.id === id);
  const { userMessage, listedIds } = exchange;
  // Stopped before the server named the stored copy (a slow connection), the stand-in keeps its
  // own id: the copy the refetch brings is recognised by its words, so the question shows once.
  const isCopyListed =
    userMessage !== null &&
    listedIds !== undefined &&
    messages.some((m) => m.role === 'user' && !listedIds.has(m.id) && m.content === userMessage.content);
  const pendingUserMessage = userMessage && !isListed(userMessage.id) && !isCopyListed ? userMessage : null;
  const reply = isListed(exchange.replyId) ? '' : exchange.reply;
  const replacesId = isListed(exchange.replacesId) ? exchange.replacesId! : null;
  return pendingUserMessage || reply || replacesId ? { pendingUserMessage, reply, replacesId } : null;
}

const keptReply = (content: string): ChatMessage => ({
  id: `stopped-${Date.now()}`,
  role: 'assistant',
  content: content.trim(),
  timestamp: new Date().toISOString(),
  isStopped: true,
});

/**
 * Sends a message and streams the reply: trimmed, blocked when empty or
 * while another is in flight; afterwards the message list is refetched. Failures show the
 * catalogue's toast. `stop()` aborts the reply in flight; the part already shown is kept.
 */
export function useSendMessage(
  conversationId: string | null,
  /** The list on screen (useConversation's): the draft is measured against exactly what is shown. */
  messages: ChatMessage[],
  { onReply }: { onReply?(reply: StreamedReply): void } = {},
) {
  const queryClient = useQueryClient();
  const [exchange, setExchange] = useState<Exchange | null>(null);
  const [isSending, setIsSending] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const onReplyRef = useLatestRef(onReply);
  const messagesRef = useLatestRef(messages);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    async (text: string): Promise<SendOutcome | null> => {
      const content = text.trim();
      if (!conversationId || !content || controllerRef.current) return null;
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsSending(true);
      setExchange({
        userMessage: { id: `pending-${Date.now()}`, role: 'user', content, timestamp: '' },
        reply: '',
        listedIds: new Set(messagesRef.current.map((m) => m.id)),
      });

      let reply = '';
      let isUserMessageStored = false;
      let outcome: SendOutcome;
      try {
        const result = await streamMessage(conversationId, content, {
          signal: controller.signal,
          onUserMessage: (message) => {
            isUserMessageStored = true;
            appendMessage(queryClient, conversationId, message);
            setExchange((current) => current && { ...current, userMessage: message });
          },
          onDelta: (delta) => {
            reply += delta;
            setExchange((current) => current && { ...current, reply });
          },
        });
        appendMessage(queryClient, conversationId, result.message);
        setExchange(
          (current) => current && { ...current, reply: result.message.content, replyId: result.message.id },
        );
        onReplyRef.current?.(result);
        outcome = 'replied';
      } catch (error) {
        if (controller.signal.aborted) {
          outcome = 'stopped';
          const kept = keptReply(reply);
          if (kept.content) appendMessage(queryClient, conversationId, kept);
          setExchange((current) => current && { ...current, reply: kept.content, replyId: kept.id });
        } else {
          toast({ title: 'Error', description: sendFailedDescription(error), variant: 'destructive' });
          outcome = isUserMessageStored ? 'failed' : 'refused';
          // A refused message was never stored: it leaves the screen (the input gets it back).
          setExchange((current) => (current && isUserMessageStored ? { ...current, reply: '' } : null));
        }
      } finally {
        controllerRef.current = null;
        setIsSending(false);
      }
      const refetch = () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
      if (outcome === 'stopped') setTimeout(() => void refetch(), REFETCH_AFTER_STOP_MS);
      else void refetch();
      return outcome;
    },
    [conversationId, messagesRef, onReplyRef, queryClient],
  );

  /**
   * Replaces the clone's last reply (`replacedId`) with a new one, streamed in its place. A
   * failure leaves the old reply; stopped, the part shown replaces it, as the server does.
   */
  const regenerate = useCallback(
    async (replacedId: string): Promise<SendOutcome | null> => {
      if (!conversationId || controllerRef.current) return null;
      const controller = new AbortController();
      controllerRef.current = controller;
      setIsSending(true);
      setExchange({ userMessage: null, reply: '', replacesId: replacedId });
      let reply = '';
      let outcome: SendOutcome;
      try {
        const result = await streamRegeneratedReply(conversationId, {
          signal: controller.signal,
          onDelta: (delta) => {
            reply += delta;
            setExchange((current) => current && { ...current, reply });
          },
        });
        replaceMessage(queryClient, conversationId, replacedId, result.message);
        setExchange((current) => current && { ...current, replyId: result.message.id });
        outcome = 'replied';
      } catch (error) {
        if (controller.signal.aborted && reply.trim()) {
          const kept = keptReply(reply);
          replaceMessage(queryClient, conversationId, replacedId, kept);
          setExchange((current) => current && { ...current, reply: kept.content, replyId: kept.id });
          outcome = 'stopped';
        } else {
          if (!controller.signal.aborted) {
            toast({
              title: 'Error',
              description: regenerateFailedDescription(error),
              variant: 'destructive',
            });
          }
          setExchange(null);
          outcome = controller.signal.aborted ? 'stopped' : 'failed';
        }
      } finally {
        controllerRef.current = null;
        setIsSending(false);
      }
      const refetch = () => queryClient.invalidateQueries({ queryKey: messagesQueryKey(conversationId) });
      if (outcome === 'stopped') setTimeout(() => void refetch(), REFETCH_AFTER_STOP_MS);
      else void refetch();
      return outcome;
    },
    [conversationId, queryClient],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const draft = toDraft(exchange, messages);
  // Both messages are in the list now: the exchange has served its purpose (adjusting state while
  // rendering, so the list and the draft never show a message twice or not at all).
  if (exchange && !isSending && !draft) setExchange(null);

  return { send, regenerate, stop, draft, isSending };
}
