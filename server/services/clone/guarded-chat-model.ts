import { unavailable } from '../../lib/app-error';
import type { ChatModel, TokensSpent } from './chat-model';
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
    async *streamReply(history, options = {}) {
      await assertAvailable({ isBudgetRead: !options.isAvailabilityChecked });
      if (!breaker.tryAcquire()) throw unavailable(BREAKER_OPEN_MESSAGE);
      let tokens = 0;
      let hasAnswered = false;
      let hasFailed = false;
      try {
        for await (const delta of model.streamReply(history, {
          ...options,
          onUsage: (used) => {
            tokens += used;
            options.onUsage?.(used);
          },
        })) {
          hasAnswered = true;
          yield delta;
        }
        // A reply that ended without the visitor leaving is an answer, even an empty one.
        if (!options.signal?.aborted) hasAnswered = true;
      } catch (error) {
        // A refused request (4xx) is neither: the breaker's slot is given back, as when aborted.
        hasFailed = !options.signal?.aborted && isModelUnhealthy(error);
        throw error;
      } finally {
        if (hasFailed) breaker.recordFailure();
        else if (hasAnswered) breaker.recordSuccess();
        else breaker.release();
        await recordTokensSpent(deps, tokens).catch((error: unknown) =>
          logBackgroundFailure('recording model tokens failed', error),
        );
      }
    },
  };
}
