import type { OwnerContent } from '../../content/load-content';
import type { ChatModel } from '../chat-model';
import { splitIntoWords } from '../offline-chat-model';
import type { OwnerCalendar } from './calendar';
import { composeReply } from './compose';
import { buildKnowledge } from './knowledge';

/**
 * The generic offline engine behind the ChatModel port: answers from the owner's content (with
 * the site's own document), streaming the reply word by word like a model.
 */
export function createEngineChatModel(
  content: OwnerContent,
  { wordDelayMs = 15, calendar }: { wordDelayMs?: number; calendar?: OwnerCalendar } = {},
): ChatModel {
  const knowledge = buildKnowledge(content);
  return {
    name: 'offline',
    async *streamReply(history, { signal, channel, onOutcome } = {}) {
      const reply = composeReply(history, knowledge, channel, calendar);
      for (const [position, word] of splitIntoWords(reply.text).entries()) {
        if (signal?.aborted) return;
        if (position > 0 && wordDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, wordDelayMs));
        yield word;
      }
      onOutcome?.({ isAnswered: reply.isAnswered });
    },
  };
}
