import { AppError, type AppErrorCode } from '../../lib/app-error';
import type { ChatModel, ChatTurn, ReplyChannel, StreamReplyOptions } from './chat-model';

/**
 * The opening of a reply the offline clone gives in the model's place. One sentence, in English
 * for now: reply frames move to per-language data files later, and this is the one to move.
 */
export const MODEL_UNAVAILABLE_NOTICE =
  'The full AI clone is unavailable right now, so here is a short answer from my notes.';

/** The failures of a model the visitor can be spared: it is down, refused, or too slow to start. */
const MODEL_FAILURE_CODES: ReadonlySet<AppErrorCode> = new Set(['upstream', 'unavailable', 'timeout']);

/**
 * The notice as the channel shows it: set apart in italics on screen, a plain sentence on a call
 * (speech reads no Markdown).
 */
export function frameUnavailableNotice(channel: ReplyChannel = 'chat'): string {
  return channel === 'voice' ? `${MODEL_UNAVAILABLE_NOTICE} ` : `*${MODEL_UNAVAILABLE_NOTICE}*\n\n`;
}

/**
 * `primary` (the paid model behind its budget and breaker) answers when it can; when it cannot
 * (budget spent, breaker open: refused before any upstream call) or fails before any of its reply
 * has reached the visitor, `fallback` (the offline clone, which costs nothing) answers instead,
 * opened by the notice. A failure after text was sent is thrown as before: one reply is never
 * spliced onto another. The primary's budget and breaker bookkeeping stay its own; this adds no
 * upstream call.
 */
export function createFallbackChatModel(primary: ChatModel, fallback: ChatModel): ChatModel {
  return {
    name: primary.name,
    // Always available now, but the primary is still asked: its reading of the day's budget is
    // what its streamReply relies on when the caller says it has checked (`isAvailabilityChecked`),
    // and a spent budget is remembered there, so the reply that follows falls back without a call.
    assertAvailable: async (known) => {
      try {
        await primary.assertAvailable?.(known);
      } catch (error) {
        if (!isModelFailure(error)) throw error;
      }
    },
    streamReply: (history, options = {}) => ({
      [Symbol.asyncIterator]: () => replyOrFallBack(primary, fallback, history, options),
    }),
  };
}

/**
 * The primary's reply, watched until text has reached the visitor: a model failure before then
 * hands over to the notice and the fallback's reply. From the first text on the reader gets the
 * primary's own iterator, not a generator around it (whose promises and objects for every delta
 * were garbage at hundreds of replies at once).
 */
function replyOrFallBack(
  primary: ChatModel,
  fallback: ChatModel,
  history: ChatTurn[],
  options: StreamReplyOptions,
): AsyncIterator<string> {
  const primaryReply = primary.streamReply(history, options)[Symbol.asyncIterator]();
  let reading = primaryReply;
  let isWatching = true;
  const watch = (result: IteratorResult<string>) => {
    if (result.done || result.value.trim()) isWatching = false;
    return result;
  };
  const fallBack = (error: unknown): Promise<IteratorResult<string>> => {
    isWatching = false;
    if (options.signal?.aborted || !isModelFailure(error)) throw error;
    const { signal, channel, onOutcome } = options;
    reading = withOpening(
      frameUnavailableNotice(channel),
      fallback.streamReply(history, { signal, channel, onOutcome }),
    );
    return reading.next();
  };
  return {
    next: () => (isWatching ? primaryReply.next().then(watch, fallBack) : reading.next()),
    return: async (value?: unknown) => (await reading.return?.(value)) ?? { value, done: true },
  } as AsyncIterator<string>;
}

async function* withOpening(opening: string, rest: AsyncIterable<string>): AsyncGenerator<string> {
  yield opening;
  yield* rest;
}

function isModelFailure(error: unknown): boolean {
  return error instanceof AppError && MODEL_FAILURE_CODES.has(error.code);
}
