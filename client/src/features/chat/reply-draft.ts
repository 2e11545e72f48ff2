import type { ChatMessage } from '@shared/chat';

/** What the screen shows of a send in flight, beside the message list. */
export interface ReplyDraft {
  /** The visitor's words, shown at once; null once the stored copy is in the list. */
  pendingUserMessage: ChatMessage | null;
  /** The reply so far; empty while waiting for the first words or once it is in the list. */
  reply: string;
  /** The listed reply being regenerated: hidden while its replacement is on its way. */
  replacesId: string | null;
}

/**
 * One send: the visitor's message (a stand-in until the stored copy arrives) and the reply so far.
 * It stays until the list holds both, so nothing blinks out between the stream's end and the
 * list's next render.
 */
export interface Exchange {
  /** Null when regenerating: no visitor message is sent. */
  userMessage: ChatMessage | null;
  reply: string;
  /** Set when the reply is complete (or stopped) and added to the list. */
  replyId?: string;
  replacesId?: string;
  /** The ids listed when the message was sent: a later user message with its words is its copy. */
  listedIds?: ReadonlySet<string>;
}

/** What of `exchange` the list on screen (`messages`) does not show yet; null once it shows all. */
export function toDraft(exchange: Exchange | null, messages: ChatMessage[]): ReplyDraft | null {
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
