import { AsyncLocalStorage } from 'node:async_hooks';
import diagnosticsChannel from 'node:diagnostics_channel';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import type * as OpenAiSdk from 'openai';
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Agent as UndiciAgent } from 'undici';
import { AppError, unavailable, upstream, upstreamTimeout } from '../../lib/app-error';
import { createKeepAliveDispatcher } from '../../lib/keep-alive';
import { logger } from '../../lib/logger';
import type { OwnerContent } from '../content/load-content';
import { buildPromptMessages, estimateTokens, type PromptMessage } from './build-prompt';
import type { ChatModel, ReplyChannel } from './chat-model';
import { markRequestRefused } from './circuit-breaker';
import type { KnowledgeIndex } from './knowledge-index';
import { sendWithStaleConnectionRetry, type AttemptOptions } from './stale-connection-retry';

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

let loadingSdk: Promise<typeof OpenAiSdk> | undefined;
/** The SDK loads with the first reply: a site without OPENAI_API_KEY never holds it in memory. */
const loadSdk = () => (loadingSdk ??= import('openai'));

/**
 * The reply whose request the SDK is sending, told once the request has left: Node's fetch
 * (undici) reports each request body it has written, in the async context of its caller.
 */
const sendingReply = new AsyncLocalStorage<() => void>();
diagnosticsChannel.subscribe('undici:request:bodySent', () => sendingReply.getStore()?.());

/** The clone answering through the official OpenAI SDK, streaming. */
export function createOpenAiChatModel(
  config: OpenAiChatModelConfig,
  content: OwnerContent,
  index: KnowledgeIndex,
): ChatModel {
  let gettingClient: Promise<OpenAI> | undefined;

  return {
    name: `openai:${config.model}`,
    async *streamReply(history, { signal, channel = 'chat', onOutcome, onUsage, onRequestSent } = {}) {
      if (signal?.aborted) return;
      const sdk = await loadSdk();
      const openai = await (gettingClient ??= createClient(config));
      // One controller stops the request for either reason: the visitor left, or the stream stalled.
      const controller = new AbortController();
      const onVisitorAbort = () => controller.abort();
      signal?.addEventListener('abort', onVisitorAbort, { once: true });
      let isStalled = false;
      let stallTimer: NodeJS.Timeout | undefined;
      const watchForStall = () => {
        clearTimeout(stallTimer);
        stallTimer = setTimeout(() => {
          isStalled = true;
          controller.abort();
        }, config.timeoutMs);
      };

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
          sendingReply.run(tellSent, () =>
            openai.chat.completions.create(body, { ...attempt, signal: controller.signal }),
          );
        const stream = await sendWithStaleConnectionRetry(send, {
          sdk,
          timeoutMs: config.timeoutMs,
          signal: controller.signal,
          onFreshConnection: (dispatcher) => (freshConnection = dispatcher),
        });
        // The SDK's timeout ends when the response starts; a stream that stops mid-way needs ours.
        isAnswering = true;
        watchForStall();
        for await (const chunk of stream) {
          watchForStall();
          if (chunk.usage) reportedTokens = chunk.usage.total_tokens;
          const text = chunk.choices[0]?.delta?.content;
          if (!text) continue;
          reply += text;
          yield text;
        }
        if (isStalled) throw upstreamTimeout(MESSAGES.timeout);
        onOutcome?.({ isAnswered: !isDontKnowReply(reply) });
      } catch (error) {
        if (signal?.aborted) return;
        if (isStalled) throw upstreamTimeout(MESSAGES.timeout);
        throw toAppError(error, config.model, sdk);
      } finally {
        clearTimeout(stallTimer);
        signal?.removeEventListener('abort', onVisitorAbort);
        freshConnection?.destroy().catch(() => {});
        if (isAnswering) {
          onUsage?.(reportedTokens ?? estimateTokens(messages.map((m) => m.content).join('\n') + reply));
        }
      }
    },
  };
}

async function createClient(config: OpenAiChatModelConfig): Promise<OpenAI> {
  const [sdk, dispatcher] = await Promise.all([loadSdk(), createKeepAliveDispatcher()]);
  // Its own pool of connections, each kept idle briefly: see KEEP_ALIVE_IDLE_MS.
  return new sdk.OpenAI({ ...getOpenAiClientOptions(config), fetchOptions: { dispatcher } });
}

function getCompletionBody(
  config: OpenAiChatModelConfig,
  messages: PromptMessage[],
  channel: ReplyChannel,
): ChatCompletionCreateParamsStreaming {
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
 * The SDK's settings: the SDK never retries, so a failing model costs one upstream request and
 * a hung one keeps the visitor waiting `timeoutMs` at most (the SDK's default is two retries of
 * ten minutes each). The one exception is ours: a request whose pooled connection was closed
 * before any response is sent once more, within the same `timeoutMs` (stale-connection-retry.ts).
 */
export function getOpenAiClientOptions(
  config: Pick<OpenAiChatModelConfig, 'apiKey' | 'baseURL' | 'timeoutMs'>,
) {
  return { apiKey: config.apiKey, baseURL: config.baseURL, timeout: config.timeoutMs, maxRetries: 0 };
}

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

/** Maps an SDK failure to what the visitor is told: 502, 503 (busy or unreachable) or 504. */
function toAppError(error: unknown, model: string, sdk: typeof OpenAiSdk): AppError {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (error instanceof AppError) return error;
  const status = error instanceof APIError ? error.status : undefined;
  logger.error('chat model request failed', {
    model,
    status,
    // The SDK's class name (RateLimitError, APIConnectionTimeoutError...), never its message.
    error: error instanceof Error ? error.constructor.name : typeof error,
  });
  if (error instanceof APIConnectionTimeoutError) return upstreamTimeout(MESSAGES.timeout);
  if (error instanceof APIUserAbortError) return upstreamTimeout(MESSAGES.timeout);
  if (error instanceof APIConnectionError) return unavailable(MESSAGES.unavailable);
  if (status === 408 || status === 504) return upstreamTimeout(MESSAGES.timeout);
  if (status === 429 || status === 503 || status === 529) return unavailable(MESSAGES.unavailable);
  // Any other 4xx refused this one request (too long, a bad key or model name): the model is up.
  if (status !== undefined && status < 500) return markRequestRefused(upstream(MESSAGES.upstream));
  return upstream(MESSAGES.upstream);
}
