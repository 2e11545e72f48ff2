import type { ChatMessage, SendMessageResponse } from '../../../shared/chat';
import type { Database } from '../../db/client';
import { notFound, upstream } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { getConversationHistoryAndTokensSpent, type ContactFormChoice } from '../../storage/chat-turns';
import type { ChatModel, ChatTurn } from '../clone/chat-model';
import { namesOnlyUnbookableDays, type OwnerCalendar } from '../clone/engine/calendar';
import { getBudgetDay } from '../clone/token-budget';
import { asksAboutBooking, decideContactForm, hasContactIntent } from './contact-intent';
import { CONVERSATION_NOT_FOUND, isOwnedBy } from './conversations';
import { streamReply, toChatTurns, type StreamHooks } from './reply-stream';
import { storeReply, storeStoppedReply } from './store-reply';
import { toChatMessage } from './views';

/** Messages loaded for the model; the model adapter bounds them further. */
export const HISTORY_MESSAGES = 40;

export interface SendMessageDeps {
  db: Database;
  /**
   * The same database for what finishes a reply the visitor is reading (its visitor message, the
   * reply): on PostgreSQL, a burst of new chats then waits rather than the replies already shown.
   */
  dbFirstInLine: Database;
  chatModel: ChatModel;
  now: () => Date;
  /** The owner's name as the profile spells it, so visitors may name them in any case. */
  ownerName: string;
  /** The owner's days off: a request for a day that cannot be booked opens no form. */
  calendar?: OwnerCalendar;
}

export interface SendMessageHooks extends StreamHooks {
  /** startReplyReads, started by the caller ahead of other work (the rate limit's count). */
  reads?: ReplyReads;
}

export type SendMessageOutcome =
  | ({ isAborted: false } & SendMessageResponse)
  | { isAborted: true; userMessage: ChatMessage; assistantMessage: ChatMessage | null };

export type ReplyReads = ReturnType<typeof startReplyReads>;

/**
 * What a reply starts from, in one statement: the conversation's owner and history, and the day's
 * model tokens, which tell whether the model may be called (budget spent or model down: a model
 * that can refuse answers a plain 503 before anything is stored or streamed; the configured clone
 * answers from the owner's notes instead). Never rejects, so a caller that drops it (a refused
 * request) leaves nothing unhandled.
 */
export function startReplyReads(
  { db, chatModel, now }: Pick<SendMessageDeps, 'db' | 'chatModel' | 'now'>,
  conversationId: string,
) {
  const day = getBudgetDay(now());
  const read = isUuid(conversationId)
    ? getConversationHistoryAndTokensSpent(db, conversationId, HISTORY_MESSAGES - 1, day)
    : Promise.resolve(undefined);
  return Promise.allSettled([
    read,
    // No conversation (a 404) or no read (its error is thrown): availability is not asked.
    read.then(
      (found) => found && chatModel.assertAvailable?.({ tokensSpent: { day, tokens: found.tokensSpent } }),
      () => undefined,
    ),
  ]);
}

/**
 * Stores the visitor message in the conversation the browser with `ownerKeyHash` started (any
 * other is a 404), streams the clone's reply and stores it with the contact-form
 * decision; a message the clone could not answer is recorded for the owner with the reply. The
 * visitor message is kept when the model fails (its AppError propagates); an aborted reply is
 * kept as far as it got.
 */
export async function sendMessage(
  deps: SendMessageDeps,
  conversationId: string,
  ownerKeyHash: string | undefined,
  content: string,
  { reads, signal, onUserMessage, onDelta }: SendMessageHooks = {},
): Promise<SendMessageOutcome> {
  // The model starts as soon as the owner, the history and the budget are read (at once: each
  // database round trip here delays the first token); the visitor message is stored while the
  // request is on its way, and before any of the reply is relayed or stored.
  const history = await readHistory(deps, conversationId, ownerKeyHash, content, reads);
  const hooks = { signal, onUserMessage, onDelta };
  // From here the model is answering: on PostgreSQL this chat's statements go ahead of those of
  // chats not yet started, so a burst refuses new chats rather than losing replies already shown.
  const db = deps.dbFirstInLine;
  const { userMessage, reply, isAnswered, answered } = await streamReply(
    { db, chatModel: deps.chatModel },
    conversationId,
    history,
    content,
    hooks,
  );

  if (signal?.aborted) {
    const assistantMessage = await storeStoppedReply(db, conversationId, reply);
    return { isAborted: true, userMessage, assistantMessage };
  }
  if (!reply.trim()) throw upstream('The AI clone returned an empty answer. Please try again.');

  // Decided once per message, after the stream.
  const choice = chooseContactForm(content, deps);
  const assistantRow = await storeReply(db, conversationId, {
    reply: reply.trim(),
    question: content,
    choice,
    isAnswered,
    answered,
  });

  return {
    isAborted: false,
    userMessage,
    assistantMessage: toChatMessage(assistantRow),
    shouldShowContactForm: assistantRow.showedContactForm,
  };
}

/**
 * The turns the model answers: the conversation's history (read by `reads`, or now) and the
 * visitor's new message. A conversation this browser did not start is a 404; a failed read or a
 * model that cannot answer now throws before anything is stored.
 */
async function readHistory(
  { db, chatModel, now }: Pick<SendMessageDeps, 'db' | 'chatModel' | 'now'>,
  conversationId: string,
  ownerKeyHash: string | undefined,
  content: string,
  reads: ReplyReads | undefined,
): Promise<ChatTurn[]> {
  if (!isUuid(conversationId) || !ownerKeyHash) throw notFound(CONVERSATION_NOT_FOUND);
  const [read, availability] = await (reads ?? startReplyReads({ db, chatModel, now }, conversationId));
  if (read.status === 'rejected') throw read.reason;
  if (!read.value || !isOwnedBy(read.value, ownerKeyHash)) throw notFound(CONVERSATION_NOT_FOUND);
  if (availability.status === 'rejected') throw availability.reason;
  return [...toChatTurns(read.value.messages), { role: 'user', content }];
}

/** Whether the reply to `content` opens the contact form, either way the previous reply went. */
function chooseContactForm(
  content: string,
  { ownerName, calendar }: Pick<SendMessageDeps, 'ownerName' | 'calendar'>,
): ContactFormChoice {
  const state = {
    hasIntent:
      hasContactIntent(content, ownerName) && !(calendar && namesOnlyUnbookableDays(content, calendar)),
    asksAboutBooking: asksAboutBooking(content),
  };
  return {
    ifPreviousShowedForm: decideContactForm({ ...state, previousReplyShowedForm: true }),
    ifPreviousDidNot: decideContactForm({ ...state, previousReplyShowedForm: false }),
  };
}
