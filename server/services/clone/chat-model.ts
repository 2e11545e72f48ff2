import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';
import { getCloneKnowledge } from './clone-knowledge';
import { createFallbackChatModel } from './fallback-chat-model';
import { createOfflineChatModel } from './offline-chat-model';
import type { OwnerCalendar } from './offline/answer-day';
import { createGuardedChatModel } from './guarded-chat-model';
import { createOpenAiChatModel } from './openai-chat-model';
import type { TokenBudgetDeps } from './token-budget';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** Where the reply is read: on screen (Markdown) or spoken on a voice call (plain sentences). */
export type ReplyChannel = 'chat' | 'voice';

/** What the clone made of the visitor's latest message, known once the reply is complete. */
export interface ReplyOutcome {
  /**
   * False when the clone could not answer from the owner's content (it said it does not know,
   * or the message was off-topic): the question is recorded for the owner, and no unprompted
   * contact form follows such a reply.
   */
  isAnswered: boolean;
}

export interface StreamReplyOptions {
  /** Stops the reply (the visitor went away). */
  signal?: AbortSignal;
  /** 'chat' unless given. */
  channel?: ReplyChannel;
  /** Called once after the last delta of a complete reply (not when aborted or failed). */
  onOutcome?: (outcome: ReplyOutcome) => void;
  /**
   * Called once with the tokens (prompt + completion) a call that got an answer started cost:
   * as the provider reports them, or estimated when it does not (the reply was cut short).
   */
  onUsage?: (tokens: number) => void;
  /** The caller has just called `assertAvailable`: the budget is not read a second time. */
  isAvailabilityChecked?: boolean;
  /** Called when the request to a remote model has been handed to the network. */
  onRequestSent?: () => void;
}

/** The model tokens spent on a UTC day (YYYY-MM-DD), as the caller read them. */
export interface TokensSpent {
  day: string;
  tokens: number;
}

/**
 * What answers as the owner's clone. Two real implementations: OpenAI (or any OpenAI-compatible
 * server) when OPENAI_API_KEY is set, else the offline clone that answers from content/.
 * Used by the chat and by browser voice calls.
 */
export interface ChatModel {
  /** 'offline' or 'openai:<model>', shown by /api/health. */
  readonly name: string;
  /**
   * Streams the reply to the last user turn of `history` as text deltas. Stops when `signal`
   * aborts. Upstream failures are thrown as AppError (upstream / unavailable / timeout).
   */
  streamReply(history: ChatTurn[], options?: StreamReplyOptions): AsyncIterable<string>;
  /**
   * Throws AppError 503 when no call may be made now (the day's token budget is spent, or the
   * model keeps failing): callers ask first, so nothing is stored for a message that cannot be
   * answered. Costs no upstream call. Absent on models that are always available; the configured
   * model never throws it (the offline clone answers instead) but still reads the budget here.
   * `known` carries the day's tokens when the caller has just read them.
   */
  assertAvailable?(known?: { tokensSpent?: TokensSpent }): Promise<void>;
}

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
): ChatModel {
  const { content, index } = getCloneKnowledge(ownerContent, {
    ownerTimeZone: env.OWNER_TIMEZONE,
    maxCallMinutes: env.VOICE_MAX_CALL_MINUTES,
    minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS,
  });
  const offline = createOfflineChatModel(content, index, {
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

/** The owner's days off, notice and zone: what the offline clone answers "are you free on…?" from. */
export function getOwnerCalendar(
  env: Pick<Env, 'OWNER_TIMEZONE' | 'BOOKING_MIN_NOTICE_HOURS'>,
  ownerContent: OwnerContent,
  now: () => Date,
): OwnerCalendar {
  const limits = { minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS, daysOff: ownerContent.daysOff };
  return { ownerTimeZone: env.OWNER_TIMEZONE, limits, now };
}
