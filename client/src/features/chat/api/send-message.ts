import type { ChatMessage } from '@shared/chat';
import type { StreamedReply } from '../read-chat-stream';
import { postForStream } from './post-for-stream';

export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';

/**
 * POST /api/conversations/:id/messages with `Accept: text/event-stream`. Resolves with the stored
 * reply once `done` arrives; a refused request rejects with ApiError, a model failure with
 * ChatStreamError, and the abort signal stops the reply (the server keeps what it produced).
 */
export const streamMessage = (
  conversationId: string,
  content: string,
  handlers: {
    signal?: AbortSignal;
    onUserMessage?(message: ChatMessage): void;
    onDelta?(text: string): void;
  },
): Promise<StreamedReply> => postForStream(conversationId, 'messages', { content }, handlers);
