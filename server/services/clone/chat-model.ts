import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';

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

// Placeholder until the clone lands (issue #2): names the model, answers nothing.
export function createChatModel(env: Env, _content: OwnerContent): ChatModel {
  return {
    name: env.OPENAI_API_KEY ? `openai:${env.OPENAI_MODEL}` : 'offline',
    streamReply() {
      throw new Error('the clone is not built yet (issue #2)');
    },
  };
}
