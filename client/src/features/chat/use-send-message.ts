import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ChatMessage } from '@shared/chat';
import { toast } from '@/components/ui/use-toast';
import { useLatestRef } from '@/lib/use-latest-ref';
import { createChatSender } from './chat-sender';
import { regenerateFailedDescription, sendFailedDescription } from './components/send-failed-description';
import type { StreamedReply } from './read-chat-stream';
import { toDraft, type Exchange } from './reply-draft';

function showFailure(error: unknown, action: 'send' | 'regenerate') {
  const description = action === 'send' ? sendFailedDescription(error) : regenerateFailedDescription(error);
  toast({ title: 'Error', description, variant: 'destructive' });
}

/**
 * The chat sender (chat-sender.ts) as React sees it: `send` and `regenerate` for this
 * conversation, `stop`, and the draft of the send in flight measured against the list on screen.
 * Failures show the catalogue's toast; leaving the page stops the reply.
 */
export function useSendMessage(
  conversationId: string | null,
  /** The list on screen (useConversation's): the draft is measured against exactly what is shown. */
  messages: ChatMessage[],
  { onReply }: { onReply?(reply: StreamedReply): void } = {},
) {
  const queryClient = useQueryClient();
  const [sender] = useState(() => createChatSender(queryClient, showFailure));
  const snapshot = useSyncExternalStore(sender.subscribe, sender.getSnapshot, sender.getSnapshot);
  const onReplyRef = useLatestRef(onReply);
  const messagesRef = useLatestRef(messages);
  useEffect(() => () => sender.stop(), [sender]);

  // Plain functions: no child keeps them in a dependency list.
  const send = (text: string) =>
    sender.send(conversationId, text, messagesRef.current, (reply) => onReplyRef.current?.(reply));
  const regenerate = (replacedId: string) => sender.regenerate(conversationId, replacedId);

  // An exchange whose messages are both in the list has served its purpose: it is set aside while
  // rendering, so the list and the draft never show a message twice or not at all.
  const [servedExchange, setServedExchange] = useState<Exchange | null>(null);
  const exchange = snapshot.exchange === servedExchange ? null : snapshot.exchange;
  const draft = toDraft(exchange, messages);
  if (exchange && !snapshot.isSending && !draft) setServedExchange(exchange);

  return { send, regenerate, stop: sender.stop, draft, isSending: snapshot.isSending };
}
