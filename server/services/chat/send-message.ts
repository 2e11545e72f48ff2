import type { ChatMessage, SendMessageResponse } from '../../../shared/chat';
import type { Database } from '../../db/client';
import { notFound, postgresErrorCode, upstream } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import {
  getConversationHistoryAndTokensSpent,
  insertMessage,
  insertReplyWithContactForm,
  insertVisitorMessage,
  type ContactFormChoice,
} from '../../storage/messages';
import { insertUnansweredQuestion } from '../../storage/unanswered-questions';
import type { ChatModel, ChatTurn } from '../clone/chat-model';
import type { OwnerCalendar } from '../clone/offline/answer-day';
import { namesOnlyUnbookableDays } from '../clone/offline/unbookable-days';
import { getBudgetDay } from '../clone/token-budget';
import { asksAboutBooking, decideContactForm, hasContactIntent } from './contact-intent';
import { CONVERSATION_NOT_FOUND, isOwnedBy } from './conversations';
import { toChatMessage } from './views';

const FOREIGN_KEY_VIOLATION = '23503';

/** Messages loaded for the model; the model adapter bounds them further. */
export const HISTORY_MESSAGES = 40;

export interface SendMessageDeps {
  db: Database;
  chatModel: ChatModel;
  now: () => Date;
  /** The owner's name as the profile spells it, so visitors may name them in any case. */
  ownerName: string;
  /** The owner's days off: a request for a day that cannot be booked opens no form. */
  calendar?: OwnerCalendar;
}

export interface SendMessageHooks {
  /** startReplyReads, started by the caller ahead of other work (the rate limit's count). */
  reads?: ReplyReads;
  /** The visitor went away: stop the model and keep what was produced. */
  signal?: AbortSignal;
  /** The visitor message is stored; a streamed answer may start now. */
  onUserMessage?: (message: ChatMessage) => void;
  onDelta?: (text: string) => void;
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
  { db, chatModel, now, ownerName, calendar }: SendMessageDeps,
  conversationId: string,
  ownerKeyHash: string | undefined,
  content: string,
  { reads, signal, onUserMessage, onDelta }: SendMessageHooks = {},
): Promise<SendMessageOutcome> {
  // The model starts as soon as the owner, the history and the budget are read (at once: each
  // database round trip here delays the first token); the visitor message is stored while the
  // request is on its way, and before any of the reply is relayed or stored.
  if (!isUuid(conversationId) || !ownerKeyHash) throw notFound(CONVERSATION_NOT_FOUND);
  const [read, availability] = await (reads ?? startReplyReads({ db, chatModel, now }, conversationId));
  if (read.status === 'rejected') throw read.reason;
  if (!read.value || !isOwnedBy(read.value, ownerKeyHash)) throw notFound(CONVERSATION_NOT_FOUND);
  if (availability.status === 'rejected') throw availability.reason;
  const history: ChatTurn[] = [
    ...read.value.messages
      .filter((row) => row.role === 'user' || row.role === 'assistant')
      .map((row) => ({ role: row.role as ChatTurn['role'], content: row.content })),
    { role: 'user', content },
  ];

  const stopModel = new AbortController();
  const modelSignal = signal ? AbortSignal.any([signal, stopModel.signal]) : stopModel.signal;
  // A model that reports no outcome is taken to have answered, as before outcomes existed.
  let isAnswered = true;
  let tellRequestSent = () => {};
  const requestSent = new Promise<void>((resolve) => (tellRequestSent = resolve));
  const replyStream = chatModel.streamReply(history, {
    signal: modelSignal,
    isAvailabilityChecked: true,
    onRequestSent: tellRequestSent,
    onOutcome: (outcome) => {
      isAnswered = outcome.isAnswered;
    },
  });
  const replyChunks = replyStream[Symbol.asyncIterator]();
  const firstChunk = replyChunks.next();
  // Awaited below; this keeps a model failure during the insert from being reported as unhandled.
  firstChunk.catch(() => {});
  // The model's request leaves first (a model with no request answers at once): the embedded
  // database runs on this thread, and an insert started now would hold the request back until it
  // is done. The message is still stored before any of the reply is relayed.
  await Promise.race([
    requestSent,
    firstChunk.then(
      () => {},
      () => {},
    ),
  ]);
  const stored = await insertVisitorMessage(db, conversationId, content).catch((error: unknown) => {
    stopModel.abort();
    throw postgresErrorCode(error) === FOREIGN_KEY_VIOLATION ? notFound(CONVERSATION_NOT_FOUND) : error;
  });
  const userMessage = toChatMessage(stored);
  onUserMessage?.(userMessage);

  let reply = '';
  for (let chunk = await firstChunk; !chunk.done; chunk = await replyChunks.next()) {
    reply += chunk.value;
    onDelta?.(chunk.value);
  }

  if (signal?.aborted) {
    const partial = reply.trim()
      ? await insertMessage(db, { conversationId, role: 'assistant', content: reply.trim(), isStopped: true })
      : undefined;
    return { isAborted: true, userMessage, assistantMessage: partial ? toChatMessage(partial) : null };
  }
  if (!reply.trim()) throw upstream('The AI clone returned an empty answer. Please try again.');

  // Decided once per message, after the stream; the form's last state is read as the reply is
  // stored, in the same statement: an answered reply costs one statement, not a read and a
  // transaction.
  const choice = chooseContactForm(content, { ownerName, calendar });
  const assistantRow = await (
    isAnswered
      ? insertReplyWithContactForm(db, conversationId, reply.trim(), choice)
      : db.transaction(async (tx) => {
          await insertUnansweredQuestion(tx, { conversationId, question: content });
          return insertReplyWithContactForm(tx, conversationId, reply.trim(), choice);
        })
  ).catch((error: unknown) => {
    throw postgresErrorCode(error) === FOREIGN_KEY_VIOLATION ? notFound(CONVERSATION_NOT_FOUND) : error;
  });

  return {
    isAborted: false,
    userMessage,
    assistantMessage: toChatMessage(assistantRow),
    shouldShowContactForm: assistantRow.showedContactForm,
  };
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
