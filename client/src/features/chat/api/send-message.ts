import type { ChatMessage } from '@shared/chat';
import { apiRequest } from '@/lib/api-client';
import { readChatStream, type StreamedReply } from '../read-chat-stream';

export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';

/**
 * POST /api/conversations/:id/messages with `Accept: text/event-stream`. Resolves with the stored
 * reply once `done` arrives; a refused request rejects with ApiError, a model failure with
 * ChatStreamError, and the abort signal stops the reply (the server keeps what it produced).
 */
export async function streamMessage(
  conversationId: string,
  content: string,
  handlers: {
    signal?: AbortSignal;
    onUserMessage?(message: ChatMessage): void;
    onDelta?(text: string): void;
  },
): Promise<StreamedReply> {
  const res = await apiRequest(
    'POST',
    `/api/conversations/${encodeURIComponent(conversationId)}/messages`,
    { content },
    { signal: handlers.signal, headers: { Accept: 'text/event-stream' } },
  );
  return readChatStream(res, handlers);
}
