import type { ChatMessage } from '../../../shared/chat';
import type { Message } from '../../../shared/schema';
import { insertVisitorMessage } from '../../storage/chat-turns';
import type { Database } from '../../db/client';
import type { ChatModel, ChatTurn } from '../clone/chat-model';
import { throwIfConversationGone } from './store-reply';
import { toChatMessage } from './views';

/** What the reply's stream tells as it goes (the visitor message stored, each chunk), and its stop. */
export interface StreamHooks {
  /** The visitor went away: stop the model and keep what was produced. */
  signal?: AbortSignal;
  /** The visitor message is stored; a streamed answer may start now. */
  onUserMessage?: (message: ChatMessage) => void;
  onDelta?: (text: string) => void;
}

export interface StreamedReply {
  /** The visitor message as stored. */
  userMessage: ChatMessage;
  /** The reply as the model produced it, untrimmed (as far as it got when stopped). */
  reply: string;
  /** False when the model said it could not answer from what it knows. */
  isAnswered: boolean;
  /** The content sections the reply answered from, when the model reported them. */
  answered?: string[];
}

/**
 * The stored messages as the model reads them: visitor and clone turns, each reply with the
 * content sections it answered from when they were stored (a follow-up goes on from them).
 */
export function toChatTurns(rows: Message[]): ChatTurn[] {
  return rows.flatMap((row): ChatTurn[] => {
    if (row.role === 'user') return [{ role: 'user', content: row.content }];
    if (row.role !== 'assistant') return [];
    const { answeredSections } = row;
    return [
      {
        role: 'assistant',
        content: row.content,
        ...(answeredSections ? { answered: answeredSections } : {}),
      },
    ];
  });
}

/**
 * Starts the model on `history`, stores the visitor message (`content`) while the model's request
 * is on its way, then relays the reply's chunks. The visitor message is stored before any of the
 * reply is relayed; a failed insert stops the model.
 */
export async function streamReply(
  { db, chatModel }: { db: Database; chatModel: ChatModel },
  conversationId: string,
  history: ChatTurn[],
  content: string,
  { signal, onUserMessage, onDelta }: StreamHooks,
): Promise<StreamedReply> {
  const stopModel = new AbortController();
  const modelSignal = signal ? AbortSignal.any([signal, stopModel.signal]) : stopModel.signal;
  // A model that reports no outcome is taken to have answered, as before outcomes existed.
  let isAnswered = true;
  let answered: string[] | undefined;
  let tellRequestSent = () => {};
  const requestSent = new Promise<void>((resolve) => (tellRequestSent = resolve));
  const replyStream = chatModel.streamReply(history, {
    signal: modelSignal,
    isAvailabilityChecked: true,
    onRequestSent: tellRequestSent,
    onOutcome: (outcome) => {
      isAnswered = outcome.isAnswered;
      answered = outcome.answered;
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
    return throwIfConversationGone(error);
  });
  const userMessage = toChatMessage(stored);
  onUserMessage?.(userMessage);

  let reply = '';
  for (let chunk = await firstChunk; !chunk.done; chunk = await replyChunks.next()) {
    reply += chunk.value;
    onDelta?.(chunk.value);
  }
  return { userMessage, reply, isAnswered, answered };
}
