import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';
import { buildKnowledgeIndex } from './knowledge-index';
import { createOfflineChatModel } from './offline-chat-model';
import { createOpenAiChatModel } from './openai-chat-model';

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
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
  streamReply(history: ChatTurn[], options?: { signal?: AbortSignal }): AsyncIterable<string>;
}

/**
 * The configured clone: OpenAI (or a compatible server at OPENAI_BASE_URL) when OPENAI_API_KEY is
 * set, else the offline clone. Both retrieve from the same index of the owner's content.
 */
export function createChatModel(env: Env, content: OwnerContent): ChatModel {
  const index = buildKnowledgeIndex(content);
  if (!env.OPENAI_API_KEY) return createOfflineChatModel(content, index);
  return createOpenAiChatModel(
    {
      apiKey: env.OPENAI_API_KEY,
      baseURL: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      maxOutputTokens: env.CLONE_MAX_OUTPUT_TOKENS,
      promptBudgetTokens: env.CLONE_PROMPT_BUDGET_TOKENS,
    },
    content,
    index,
  );
}
