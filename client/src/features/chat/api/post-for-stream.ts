import { apiRequest } from '@/lib/api-client';
import { readChatStream, type ChatStreamHandlers, type StreamedReply } from '../read-chat-stream';

/**
 * POST /api/conversations/:id/<action> with `Accept: text/event-stream`, read as a streamed reply:
 * the one way both calls that stream (a message, a regeneration) reach the server.
 */
export async function postForStream(
  conversationId: string,
  action: 'messages' | 'regenerate',
  body: unknown,
  handlers: ChatStreamHandlers & { signal?: AbortSignal },
): Promise<StreamedReply> {
  const res = await apiRequest(
    'POST',
    `/api/conversations/${encodeURIComponent(conversationId)}/${action}`,
    body,
    { signal: handlers.signal, headers: { Accept: 'text/event-stream' } },
  );
  return readChatStream(res, handlers);
}
