import type { ChatMessage } from '../../../shared/chat';
import type { Database } from '../../db/client';
import { notFound, postgresErrorCode } from '../../lib/app-error';
import {
  insertReplyInTransaction,
  insertReplyWithContactForm,
  type ContactFormChoice,
} from '../../storage/chat-turns';
import { insertMessage } from '../../storage/messages';
import { insertUnansweredQuestion } from '../../storage/unanswered-questions';
import { CONVERSATION_NOT_FOUND } from './conversations';
import { toChatMessage } from './views';

const FOREIGN_KEY_VIOLATION = '23503';

/** A write into a conversation deleted meanwhile (its key is gone) is a 404; others rethrow. */
export function throwIfConversationGone(error: unknown): never {
  throw postgresErrorCode(error) === FOREIGN_KEY_VIOLATION ? notFound(CONVERSATION_NOT_FOUND) : error;
}

/** A reply the visitor stopped is kept as far as it got, marked as stopped; an empty one is not. */
export async function storeStoppedReply(
  db: Database,
  conversationId: string,
  reply: string,
): Promise<ChatMessage | null> {
  const partial = reply.trim()
    ? await insertMessage(db, { conversationId, role: 'assistant', content: reply.trim(), isStopped: true })
    : undefined;
  return partial ? toChatMessage(partial) : null;
}

/**
 * Stores a complete reply with the contact-form decision and the content sections it answered
 * from (`answered`, when the model reported them). The form's last state is read as the reply is
 * stored, in the same statement: an answered reply costs one statement, not a read and a
 * transaction. A reply the clone could not answer records `question` for the owner with it.
 */
export function storeReply(
  db: Database,
  conversationId: string,
  {
    reply,
    question,
    choice,
    isAnswered,
    answered,
  }: {
    reply: string;
    question: string;
    choice: ContactFormChoice;
    isAnswered: boolean;
    answered?: string[];
  },
) {
  const toStore = { conversationId, content: reply, choice, answered };
  return (
    isAnswered
      ? insertReplyWithContactForm(db, toStore)
      : db.transaction(async (tx) => {
          await insertUnansweredQuestion(tx, { conversationId, question });
          return insertReplyInTransaction(tx, toStore);
        })
  ).catch(throwIfConversationGone);
}
