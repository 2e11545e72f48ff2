import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type { Agent as UndiciAgent } from 'undici';
import { AppError, unavailable, upstream, upstreamTimeout } from '../../lib/app-error';
import { createKeepAliveDispatcher } from '../../lib/keep-alive';
import { logger } from '../../lib/logger';
import type { OwnerContent } from '../content/load-content';
import { buildPromptMessages, estimateTokens, type PromptMessage } from './build-prompt';
import { ModelHttpError, ModelTimeoutError, openCompletionStream } from './chat-completions';
import type { CompletionBody } from './completion-body';
import type { ChatModel, ReplyChannel } from './chat-model';
import { markRequestRefused } from './circuit-breaker';
import type { KnowledgeIndex } from './knowledge-index';
import {
  CLOSED_CONNECTION_CODES,
  sendWithStaleConnectionRetry,
  type AttemptOptions,
} from './stale-connection-retry';

export interface OpenAiChatModelConfig {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio); the SDK's default when unset. */
  baseURL?: string;
  model: string;
  /** Limit for the response to start, and for each pause between streamed chunks. */
  timeoutMs: number;
  /** Longest reply, in tokens (CLONE_MAX_OUTPUT_TOKENS); a voice turn takes at most VOICE_MAX_OUTPUT_TOKENS. */
  maxOutputTokens: number;
  /** Prompt size up to which all the knowledge is sent (CLONE_PROMPT_BUDGET_TOKENS). */
  promptBudgetTokens: number;
  /** The owner's zone (OWNER_TIMEZONE): the prompt says the owner's date. */
  ownerTimeZone?: string;
  now?: () => Date;
}

/** A spoken answer is two to four sentences: more tokens would only be cut before speech. */
export const VOICE_MAX_OUTPUT_TOKENS = 250;

// Shown to visitors: never the upstream error text.
const MESSAGES = {
  upstream:
    'The AI clone could not answer right now. Please try again in a moment, or schedule a call instead.',
  unavailable: 'The AI clone is busy right now. Please try again in a minute.',
  timeout: 'The AI clone took too long to answer. Please try again.',
};

/** The clone answering through an OpenAI-compatible chat completions API, streaming. */
export function createOpenAiChatModel(
  config: OpenAiChatModelConfig,
  content: OwnerContent,
  index: KnowledgeIndex,
): ChatModel {
  let gettingDispatcher: Promise<UndiciAgent> | undefined;

  return {
    name: `openai:${config.model}`,
    async *streamReply(history, { signal, channel = 'chat', onOutcome, onUsage, onRequestSent } = {}) {
      if (signal?.aborted) return;
      // Its own pool of connections, each kept idle briefly: see KEEP_ALIVE_IDLE_MS.
      const dispatcher = await (gettingDispatcher ??= createKeepAliveDispatcher());
      // The visitor going away stops the request, its stream included.
      const visitorSignal = signal ?? new AbortController().signal;

      const messages = buildPromptMessages(history, content.profile, index, {
        budgetTokens: config.promptBudgetTokens,
        channel,
        today: config.ownerTimeZone
          ? format(
              new TZDate((config.now ?? (() => new Date()))(), config.ownerTimeZone),
              'EEEE, MMMM d, yyyy',
            )
          : undefined,
      });
      // Set once the model has started answering, which is when a call is billed.
      let isAnswering = false;
      let reportedTokens: number | undefined;
      let reply = '';
      const body = getCompletionBody(config, messages, channel);
      // Told once, though a retried request is sent twice.
      const tellSent = once(onRequestSent);
      let freshConnection: UndiciAgent | undefined;
      try {
        const send = (attempt: AttemptOptions) =>
          openCompletionStream({
            baseURL: config.baseURL,
            apiKey: config.apiKey,
            body,
            dispatcher: attempt.dispatcher ?? dispatcher,
            timeoutMs: attempt.timeoutMs ?? config.timeoutMs,
            // A stream that stops mid-way fails after the same wait.
            pauseTimeoutMs: config.timeoutMs,
            signal: visitorSignal,
            onRequestSent: tellSent,
          });
        const stream = await sendWithStaleConnectionRetry(send, {
          timeoutMs: config.timeoutMs,
          signal: visitorSignal,
          onFreshConnection: (fresh) => (freshConnection = fresh),
        });
        isAnswering = true;
        for await (const chunk of stream) {
          if (chunk.usage) reportedTokens = chunk.usage.total_tokens;
          const text = chunk.choices[0]?.delta?.content;
          if (!text) continue;
          reply += text;
          yield text;
        }
        onOutcome?.({ isAnswered: !isDontKnowReply(reply) });
      } catch (error) {
        if (signal?.aborted) return;
        throw toAppError(error, config.model);
      } finally {
        freshConnection?.destroy().catch(() => {});
        if (isAnswering) {
          onUsage?.(reportedTokens ?? estimateTokens(messages.map((m) => m.content).join('\n') + reply));
        }
      }
    },
  };
}

function getCompletionBody(
  config: OpenAiChatModelConfig,
  messages: PromptMessage[],
  channel: ReplyChannel,
): CompletionBody {
  return {
    model: config.model,
    messages,
    stream: true,
    // The last chunk then carries the call's token counts, for the daily budget.
    stream_options: { include_usage: true },
    temperature: 0.5,
    max_tokens:
      channel === 'voice'
        ? Math.min(config.maxOutputTokens, VOICE_MAX_OUTPUT_TOKENS)
        : config.maxOutputTokens,
  };
}

const once = (callback: (() => void) | undefined) => {
  let isCalled = false;
  return () => {
    if (isCalled) return;
    isCalled = true;
    callback?.();
  };
};

/**
 * "I don't know" in the reply's opening (the rules ask for a direct answer first, so a refusal
 * opens the reply), in the languages visitors write in. Such a reply counts as unanswered: the
 * question is recorded for the owner, and no contact form follows it unprompted.
 */
const DONT_KNOW_PATTERNS = [
  // English
  /\bi (?:really )?(?:don'?t|do not) (?:know|have (?:any |that |this )?(?:information|details))\b/,
  /\bi'?m not (?:sure|certain)\b/,
  /\bi am not (?:sure|certain)\b/,
  /\bi (?:can'?t|cannot) (?:say|tell)\b/,
  /\bnot something i (?:know|can answer)\b/,
  /\b(?:outside|beyond) (?:of )?what i know\b/,
  /\bi have no (?:information|details)\b/,
  // Spanish
  /\bno (?:lo )?sé(?!\p{L})/u,
  /\bno estoy segur[oa]\b/,
  /\bno tengo (?:esa |esta |ninguna )?informaci[oó]n\b/,
  // German
  /\bwei(?:ß|ss) ich (?:leider )?nicht\b/,
  /\bich wei(?:ß|ss) (?:es |das )?(?:leider )?nicht\b/,
  /\bich bin mir (?:leider )?nicht sicher\b/,
  /\bkeine informationen\b/,
  // French
  /\bje ne (?:le )?sais pas\b/,
  /\bje ne suis pas s[uû]re?\b/,
  /\bje n'ai pas (?:cette |d'|l')information/,
  // Portuguese and Italian
  /\bn[aã]o sei\b/,
  /\bnon (?:lo )?so\b/,
  /\bnon sono sicur[oa]\b/,
];

/** True when the reply opens by saying it does not know (its first two sentences). */
export function isDontKnowReply(reply: string): boolean {
  const opening = reply
    .replace(/[\u2019\u2018`]/g, "'")
    .toLowerCase()
    .split(/(?<=[.!?])\s+/)
    .slice(0, 2)
    .join(' ');
  return DONT_KNOW_PATTERNS.some((pattern) => pattern.test(opening));
}

/**
 * Failures that say the model server is busy or unreachable: 503 (a closed connection, once its
 * retry on a fresh one failed too).
 */
const UNREACHABLE_CODES = new Set([...CLOSED_CONNECTION_CODES, 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
/** undici's waits: for a connection, between parts of the stream. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Maps a failed request to what the visitor is told: 502, 503 (busy or unreachable) or 504. */
function toAppError(error: unknown, model: string): AppError {
  if (error instanceof AppError) return error;
  const status = error instanceof ModelHttpError ? error.status : undefined;
  const code = (error as { code?: unknown } | undefined)?.code;
  logger.error('chat model request failed', {
    model,
    status,
    // The error's class and code (ModelHttpError, UND_ERR_BODY_TIMEOUT...), never its message.
    error: error instanceof Error ? error.name : typeof error,
    ...(typeof code === 'string' && { code }),
  });
  if (error instanceof ModelTimeoutError) return upstreamTimeout(MESSAGES.timeout);
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return upstreamTimeout(MESSAGES.timeout);
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return unavailable(MESSAGES.unavailable);
  if (status === 408 || status === 504) return upstreamTimeout(MESSAGES.timeout);
  if (status === 429 || status === 503 || status === 529) return unavailable(MESSAGES.unavailable);
  // Any other 4xx refused this one request (too long, a bad key or model name): the model is up.
  if (status !== undefined && status < 500) return markRequestRefused(upstream(MESSAGES.upstream));
  return upstream(MESSAGES.upstream);
}
