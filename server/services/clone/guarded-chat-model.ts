import { unavailable } from '../../lib/app-error';
import type { ChatModel, ChatTurn, StreamReplyOptions, TokensSpent } from './chat-model';
import { CircuitBreaker, isModelUnhealthy } from './circuit-breaker';
import {
  getBudgetDay,
  isOverBudget,
  isTokenBudgetSpent,
  recordTokensSpent,
  type TokenBudgetDeps,
} from './token-budget';
import { logBackgroundFailure } from '../../lib/database-errors';

// In the tone of the model's other errors. The configured clone answers from the owner's notes
// instead (fallback-chat-model.ts), so visitors meet these only with this model used on its own.
export const BUDGET_SPENT_MESSAGE =
  'The AI clone has answered all it can for today. Please come back tomorrow, or schedule a call instead.';
export const BREAKER_OPEN_MESSAGE =
  'The AI clone is unavailable right now. Please try again in a minute, or schedule a call instead.';

/**
 * A paid model with a ceiling on its bill: calls stop (503, no upstream request) once the day's
 * token budget is spent or while the circuit breaker is open, and every call's tokens are added
 * to the day's total shared by all instances. A spent budget is remembered, so a reply asked for
 * with `isAvailabilityChecked` after `assertAvailable` found it spent is refused without a call.
 */
export function createGuardedChatModel(
  model: ChatModel,
  deps: TokenBudgetDeps,
  breaker = new CircuitBreaker({ now: deps.now }),
): ChatModel {
  // A day's total only grows: once this instance has seen it spent, it asks the database no more
  // that day, so refusals cost no query. A new budget takes a restart, which forgets this.
  let spentDay: string | undefined;
  const assertAvailable = async ({
    isBudgetRead = true,
    tokensSpent,
  }: { isBudgetRead?: boolean; tokensSpent?: TokensSpent } = {}) => {
    if (breaker.isOpen()) throw unavailable(BREAKER_OPEN_MESSAGE);
    const day = getBudgetDay(deps.now());
    if (spentDay === day) throw unavailable(BUDGET_SPENT_MESSAGE);
    if (!isBudgetRead) return;
    // The caller's reading of the day's total, if it is today's; else the database's.
    const isSpent =
      tokensSpent?.day === day ? isOverBudget(tokensSpent.tokens, deps.env) : await isTokenBudgetSpent(deps);
    if (isSpent) {
      spentDay = day;
      throw unavailable(BUDGET_SPENT_MESSAGE);
    }
  };

  return {
    name: model.name,
    assertAvailable: (known) => assertAvailable({ tokensSpent: known?.tokensSpent }),
    streamReply: (history, options = {}) => ({
      [Symbol.asyncIterator]: () => guardReply({ model, deps, breaker, assertAvailable }, history, options),
    }),
  };
}

interface Guard {
  model: ChatModel;
  deps: TokenBudgetDeps;
  breaker: CircuitBreaker;
  assertAvailable(check: { isBudgetRead?: boolean }): Promise<void>;
}

/**
 * One reply, checked before its call and counted after it. An iterator of its own rather than
 * a generator: at hundreds of replies at once, a generator's promises and objects for every
 * delta were a tenth of the server's garbage.
 */
function guardReply(
  { model, deps, breaker, assertAvailable }: Guard,
  history: ChatTurn[],
  options: StreamReplyOptions,
): AsyncIterator<string> {
  let tokens = 0;
  let hasAnswered = false;
  let reply: AsyncIterator<string> | undefined;
  let opening: Promise<AsyncIterator<string>> | undefined;
  const open = async () => {
    await assertAvailable({ isBudgetRead: !options.isAvailabilityChecked });
    if (!breaker.tryAcquire()) throw unavailable(BREAKER_OPEN_MESSAGE);
    const onUsage = (used: number) => {
      tokens += used;
      options.onUsage?.(used);
    };
    return (reply = model.streamReply(history, { ...options, onUsage })[Symbol.asyncIterator]());
  };
  // Once per reply, before its end or failure reaches the reader: the breaker learns how the
  // call went (a refused request, 4xx, or a visitor who left gives its slot back), and its tokens
  // are added to the day's total.
  let closing: Promise<void> | undefined;
  const close = (outcome: 'answered' | 'failed' | 'released') =>
    (closing ??= (async () => {
      if (outcome === 'failed') breaker.recordFailure();
      else if (outcome === 'answered') breaker.recordSuccess();
      else breaker.release();
      await recordTokensSpent(deps, tokens).catch((error: unknown) =>
        logBackgroundFailure('recording model tokens failed', error),
      );
    })());
  const onResult = (
    result: IteratorResult<string>,
  ): IteratorResult<string> | Promise<IteratorResult<string>> => {
    if (!result.done) {
      hasAnswered = true;
      return result;
    }
    // A reply that ended without the visitor leaving is an answer, even an empty one.
    const isAnswer = hasAnswered || !options.signal?.aborted;
    return close(isAnswer ? 'answered' : 'released').then(() => result);
  };
  const onFailure = async (error: unknown): Promise<never> => {
    // Refused before the call (budget, breaker): nothing was taken, nothing to give back.
    if (reply) {
      const isUnhealthy = !options.signal?.aborted && isModelUnhealthy(error);
      await close(isUnhealthy ? 'failed' : hasAnswered ? 'answered' : 'released');
    }
    throw error;
  };
  return {
    next: () =>
      (reply ? reply.next() : (opening ??= open()).then((opened) => opened.next())).then(onResult, onFailure),
    return: async (value?: unknown) => {
      // Stopped while it opened: the call it opens is closed all the same.
      const opened = reply ?? (await opening?.catch(() => undefined));
      if (opened) {
        await opened.return?.(value);
        await close(hasAnswered ? 'answered' : 'released');
      }
      return { value, done: true };
    },
  } as AsyncIterator<string>;
}
