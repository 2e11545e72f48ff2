import type { OwnerContent } from '../content/load-content';
import type { ChatModel, ChatTurn } from './chat-model';
import type { OwnerCalendar } from './engine/calendar';
import { composeReply } from './engine/compose';
import { knowledgeOf, type Knowledge } from './engine/knowledge';
import { detectLanguage } from './engine/message-reading';
import { dontKnow, type EngineReply } from './engine/stock-replies';
import { logger } from '../../lib/logger';

export interface OfflineChatModelOptions {
  /** Pause between words, so the reply streams like a model's (about 60 words a second). */
  wordDelayMs?: number;
  /** The owner's calendar, so "are you free on December 28?" gets that day's answer. */
  calendar?: OwnerCalendar;
}

export const DEFAULT_WORD_DELAY_MS = 15;

/**
 * The clone without a language model: the offline engine answers from what the owner wrote (with
 * the site's own document, when `content` carries it) and the reply streams word by word.
 */
export function createOfflineChatModel(
  content: OwnerContent,
  { wordDelayMs = DEFAULT_WORD_DELAY_MS, calendar }: OfflineChatModelOptions = {},
): ChatModel {
  // The index, and the word lists a slip is read against, are built now, not during a visitor's reply.
  const knowledge = knowledgeOf(content);
  return {
    name: 'offline',
    async *streamReply(history, { signal, channel, onOutcome } = {}) {
      const reply = replyOrDontKnow(composeReply(history, knowledge, channel, calendar), history, knowledge);
      for (const [position, word] of splitIntoWords(reply.text).entries()) {
        if (signal?.aborted) return;
        if (position > 0 && wordDelayMs > 0) await sleep(wordDelayMs, signal);
        if (signal?.aborted) return;
        yield word;
      }
      onOutcome?.({ isAnswered: reply.isAnswered, answered: reply.sectionIds });
    },
  };
}

/**
 * An empty reply would reach the visitor as an error: a reply the engine could not compose says
 * plainly that the notes hold no answer, in the visitor's language, and is recorded for the owner.
 * It is logged (without the message) so the engine's fault is seen.
 */
function replyOrDontKnow(reply: EngineReply, history: ChatTurn[], knowledge: Knowledge): EngineReply {
  if (reply.text.trim()) return reply;
  logger.warn('offline clone composed an empty reply: answered "I don\'t know" instead', {
    sections: reply.sectionIds.join(' '),
  });
  const asked = history.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
  return dontKnow(knowledge, detectLanguage(asked));
}

/** Words with the whitespace that follows them, so joining the pieces gives the reply back exactly. */
export function splitIntoWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
