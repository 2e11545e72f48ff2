import type { OwnerContent } from '../content/load-content';
import type { ChatModel } from './chat-model';
import type { KnowledgeIndex } from './knowledge-index';
import type { OwnerCalendar } from './offline/answer-day';
import { composeOfflineReply } from './offline/compose-offline-reply';
import { correctSpelling } from './offline/correct-spelling';

export interface OfflineChatModelOptions {
  /** Pause between words, so the reply streams like a model's (about 60 words a second). */
  wordDelayMs?: number;
  /** The owner's calendar, so "are you free on December 28?" gets that day's answer. */
  calendar?: OwnerCalendar;
}

export const DEFAULT_WORD_DELAY_MS = 15;

/** The clone without a language model: answers from content/ and streams the reply word by word. */
export function createOfflineChatModel(
  content: OwnerContent,
  index: KnowledgeIndex,
  { wordDelayMs = DEFAULT_WORD_DELAY_MS, calendar }: OfflineChatModelOptions = {},
): ChatModel {
  // The speller's word lists are built now, not during the first visitor's reply.
  correctSpelling('', index);
  return {
    name: 'offline',
    async *streamReply(history, { signal, channel, onOutcome } = {}) {
      const reply = composeOfflineReply(history, content.profile, index, { channel, calendar });
      const words = splitIntoWords(reply.text);
      for (const [position, word] of words.entries()) {
        if (signal?.aborted) return;
        if (position > 0 && wordDelayMs > 0) await sleep(wordDelayMs, signal);
        if (signal?.aborted) return;
        yield word;
      }
      onOutcome?.({ isAnswered: reply.isAnswered });
    },
  };
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
