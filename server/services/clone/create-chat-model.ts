import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';
import type { ChatModel } from './chat-model';
import { getCloneKnowledge } from './clone-knowledge';
import { createFallbackChatModel } from './fallback-chat-model';
import { createGuardedChatModel } from './guarded-chat-model';
import { createOfflineChatModel } from './offline-chat-model';
import { createOpenAiChatModel } from './openai-chat-model';
import { getOwnerCalendar } from './owner-calendar';
import type { TokenBudgetDeps } from './token-budget';

/**
 * The configured clone: OpenAI (or a compatible server at OPENAI_BASE_URL) when OPENAI_API_KEY is
 * set, else the offline clone. Both know the same things: the owner's content plus what the site
 * itself offers (voice plans, booking), from one index. Only the paid model has a daily token
 * budget and a circuit breaker: the offline clone costs nothing and cannot fail upstream, so it
 * answers, with a word saying so, whenever the paid model cannot (budget spent, breaker open, or
 * failed before any of its reply was sent).
 */
export function createChatModel(
  env: Env,
  ownerContent: OwnerContent,
  guard: Omit<TokenBudgetDeps, 'env'>,
  { offlineWordDelayMs }: { offlineWordDelayMs?: number } = {},
): ChatModel {
  const { content, index } = getCloneKnowledge(ownerContent, {
    ownerTimeZone: env.OWNER_TIMEZONE,
    maxCallMinutes: env.VOICE_MAX_CALL_MINUTES,
    minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS,
  });
  const offline = createOfflineChatModel(content, {
    wordDelayMs: offlineWordDelayMs,
    calendar: getOwnerCalendar(env, ownerContent, guard.now),
  });
  if (!env.OPENAI_API_KEY) return offline;
  const model = createOpenAiChatModel(
    {
      apiKey: env.OPENAI_API_KEY,
      baseURL: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      maxOutputTokens: env.CLONE_MAX_OUTPUT_TOKENS,
      promptBudgetTokens: env.CLONE_PROMPT_BUDGET_TOKENS,
      ownerTimeZone: env.OWNER_TIMEZONE,
      now: guard.now,
    },
    content,
    index,
  );
  return createFallbackChatModel(createGuardedChatModel(model, { ...guard, env }), offline);
}
