import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AppError, unavailable, upstream, upstreamTimeout } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import type { OwnerContent } from '../content/load-content';
import { buildPromptMessages } from './build-prompt';
import type { ChatModel } from './chat-model';
import type { KnowledgeIndex } from './knowledge-index';

export interface OpenAiChatModelConfig {
  apiKey: string;
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio); the SDK's default when unset. */
  baseURL?: string;
  model: string;
  /** Limit for the response to start, and for each pause between streamed chunks. */
  timeoutMs: number;
}

// Shown to visitors: never the upstream error text.
const MESSAGES = {
  upstream:
    'The AI clone could not answer right now. Please try again in a moment, or schedule a call instead.',
  unavailable: 'The AI clone is busy right now. Please try again in a minute.',
  timeout: 'The AI clone took too long to answer. Please try again.',
};

/** The clone answering through the official OpenAI SDK, streaming. */
export function createOpenAiChatModel(
  config: OpenAiChatModelConfig,
  content: OwnerContent,
  index: KnowledgeIndex,
): ChatModel {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs,
    // One retry for a transient 429/5xx/connection failure; more would keep the visitor waiting.
    maxRetries: 1,
  });

  return {
    name: `openai:${config.model}`,
    async *streamReply(history, { signal } = {}) {
      if (signal?.aborted) return;
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

      try {
        const stream = await client.chat.completions.create(
          {
            model: config.model,
            messages: buildPromptMessages(history, content.profile, index),
            stream: true,
            temperature: 0.5,
          },
          { signal: controller.signal },
        );
        // The SDK's timeout ends when the response starts; a stream that stops mid-way needs ours.
        watchForStall();
        for await (const chunk of stream) {
          watchForStall();
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
        if (isStalled) throw upstreamTimeout(MESSAGES.timeout);
      } catch (error) {
        if (signal?.aborted) return;
        if (isStalled) throw upstreamTimeout(MESSAGES.timeout);
        throw toAppError(error, config.model);
      } finally {
        clearTimeout(stallTimer);
        signal?.removeEventListener('abort', onVisitorAbort);
      }
    },
  };
}

/** Maps an SDK failure to what the visitor is told: 502, 503 (busy or unreachable) or 504. */
export function toAppError(error: unknown, model: string): AppError {
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
  return upstream(MESSAGES.upstream);
}
