import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { logger } from '../../lib/logger';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { addTokensSpent, claimBudgetWarning, getTokensSpent } from '../../storage/llm-usage';
import { OWNER_ADDRESS, type MailDelivery } from '../mail/mail-delivery';

/** Share of the day's budget at which the owner is warned, once a day. */
export const BUDGET_WARNING_SHARE = 0.8;

export interface TokenBudgetDeps {
  db: Database;
  now: () => Date;
  env: Pick<Env, 'LLM_DAILY_TOKEN_BUDGET' | 'OWNER_EMAIL'>;
  mail: Pick<MailDelivery, 'flush'>;
}

/** The budget's day: the UTC date, the same on every instance whatever its time zone. */
export const getBudgetDay = (at: Date) => at.toISOString().slice(0, 10);

/** True when today's tokens reach LLM_DAILY_TOKEN_BUDGET (never when it is 0: no ceiling). */
export async function isTokenBudgetSpent({ db, now, env }: TokenBudgetDeps): Promise<boolean> {
  if (env.LLM_DAILY_TOKEN_BUDGET === 0) return false;
  return isOverBudget(await getTokensSpent(db, getBudgetDay(now())), env);
}

/** True when `tokens` spent in a day reach LLM_DAILY_TOKEN_BUDGET (never when it is 0). */
export function isOverBudget(tokens: number, env: Pick<Env, 'LLM_DAILY_TOKEN_BUDGET'>): boolean {
  return env.LLM_DAILY_TOKEN_BUDGET !== 0 && tokens >= env.LLM_DAILY_TOKEN_BUDGET;
}

/**
 * Adds one call's tokens to the day's total shared by all instances. The call that takes the
 * total past 80% of the budget (or any later one, should it have failed) warns the owner: one
 * log line and one e-mail a day, however many instances race for it, because only one of them
 * sets the day's mark, in the same transaction as the e-mail.
 */
export async function recordTokensSpent(deps: TokenBudgetDeps, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  const { db, now, env } = deps;
  const budget = env.LLM_DAILY_TOKEN_BUDGET;
  const day = getBudgetDay(now());
  const total = await addTokensSpent(db, day, tokens);
  if (budget === 0) return;
  // Totals only grow, one statement at a time: exactly one call crosses the budget.
  if (total >= budget && total - tokens < budget) {
    logger.warn('model token budget spent: the offline clone answers until the next UTC day', {
      day,
      total,
      budget,
    });
  }
  if (total < budget * BUDGET_WARNING_SHARE) return;

  const isClaimed = await db.transaction(async (tx) => {
    if (!(await claimBudgetWarning(tx, day, now()))) return false;
    await insertOutboxEntries(tx, [budgetWarningEmail(env.OWNER_EMAIL, { day, total, budget })]);
    return true;
  });
  if (!isClaimed) return;
  logger.warn('model token budget 80% spent; the owner is e-mailed', { day, total, budget });
  void deps.mail.flush();
}

function budgetWarningEmail(
  ownerEmail: string | undefined,
  { day, total, budget }: { day: string; total: number; budget: number },
) {
  const format = (n: number) => n.toLocaleString('en-US');
  return {
    kind: 'llm-budget-warning',
    toAddress: ownerEmail ?? OWNER_ADDRESS,
    subject: `Your AI clone has used ${Math.floor((total / budget) * 100)}% of today's model budget`,
    body: [
      `The AI clone has used ${format(total)} of its ${format(budget)} model tokens for ${day} (UTC).`,
      '',
      'Once the budget is spent, the chat and browser voice calls answer from your notes only (the offline clone, saying the full AI is unavailable) until midnight UTC, and no more model calls are made (or billed) that day.',
      '',
      'If the traffic is expected, raise LLM_DAILY_TOKEN_BUDGET and restart the site. If it is not, someone may be running a script against the chat: the rate limits (CHAT_RATE_LIMIT_PER_MINUTE, CONVERSATION_RATE_LIMIT_PER_HOUR) bound each address.',
      '',
      'This warning is sent at most once a day.',
    ].join('\n'),
  };
}
