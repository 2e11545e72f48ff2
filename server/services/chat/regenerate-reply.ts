import type { ChatMessage } from '../../../shared/chat';
import { conflict, notFound, upstream } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { getConversationHistory, replaceLastMessage } from '../../storage/messages';
import type { ReplyOutcome } from '../clone/chat-model';
import { CONVERSATION_NOT_FOUND } from './conversations';
import { toChatTurns } from './reply-stream';
import { toChatMessage } from './views';
import { HISTORY_MESSAGES, type SendMessageDeps } from './send-message';

export const NOTHING_TO_REGENERATE = "Only the clone's last reply can be regenerated.";
const CONVERSATION_CHANGED = 'The conversation changed meanwhile. Please reload it and try again.';

export interface RegenerateHooks {
  /** The visitor went away or stopped: the model stops and what it produced is kept. */
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
}

export type RegenerateOutcome =
  | { isAborted: false; assistantMessage: ChatMessage }
  | { isAborted: true; assistantMessage: ChatMessage | null };

/**
 * Replaces the clone's last reply in a conversation (the caller checked it is the visitor's) with
 * a new one, streamed from the history that led to it. The old reply stays until the new one is
 * complete: a model failure changes nothing. Stopped midway, the part produced replaces it,
 * marked as stopped. The replacement keeps the old reply's contact-form flag, so the form rules
 * read the conversation as before, and never reopens the form.
 */
export async function regenerateReply(
  { db, chatModel }: Pick<SendMessageDeps, 'db' | 'chatModel'>,
  conversationId: string,
  { signal, onDelta }: RegenerateHooks = {},
): Promise<RegenerateOutcome> {
  if (!isUuid(conversationId)) throw notFound(CONVERSATION_NOT_FOUND);
  const recent = (await getConversationHistory(db, conversationId, HISTORY_MESSAGES))?.messages;
  if (!recent) throw notFound(CONVERSATION_NOT_FOUND);
  const turns = recent.filter((row) => row.role === 'user' || row.role === 'assistant');
  const last = turns.at(-1);
  if (!last || last.role !== 'assistant' || turns.at(-2)?.role !== 'user') {
    throw conflict(NOTHING_TO_REGENERATE);
  }
  // Budget spent or model down: a plain 503 before anything is streamed from a model that can
  // refuse; the configured clone never does (it reads the budget here, then answers from the notes).
  await chatModel.assertAvailable?.();
  const history = toChatTurns(turns.slice(0, -1));

  let reply = '';
  // Reported only for a complete reply: a stopped one is stored without the sections it answered.
  let answered: string[] | undefined;
  const onOutcome = (outcome: ReplyOutcome) => (answered = outcome.answered);
  for await (const chunk of chatModel.streamReply(history, {
    signal,
    isAvailabilityChecked: true,
    onOutcome,
  })) {
    reply += chunk;
    onDelta?.(chunk);
  }

  const content = reply.trim();
  const isAborted = signal?.aborted ?? false;
  if (!content) {
    if (isAborted) return { isAborted, assistantMessage: null };
    throw upstream('The AI clone returned an empty answer. Please try again.');
  }
  const replacement = await db.transaction((tx) =>
    replaceLastMessage(tx, last.id, {
      conversationId,
      role: 'assistant',
      content,
      showedContactForm: last.showedContactForm,
      isStopped: isAborted,
      answeredSections: isAborted ? null : (answered ?? null),
    }),
  );
  if (!replacement) throw conflict(CONVERSATION_CHANGED);
  return { isAborted, assistantMessage: toChatMessage(replacement) };
}
