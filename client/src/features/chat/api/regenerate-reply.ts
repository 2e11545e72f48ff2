import { apiRequest } from '@/lib/api-client';
import { readChatStream, type StreamedReply } from '../read-chat-stream';

/**
 * POST /api/conversations/:id/regenerate as server-sent events: the clone's last reply replaced
 * by a new one (409 when the last message is not the clone's). Errors as streamMessage's.
 */
export async function streamRegeneratedReply(
  conversationId: string,
  handlers: { signal?: AbortSignal; onDelta?(text: string): void },
): Promise<StreamedReply> {
  const res = await apiRequest(
    'POST',
    `/api/conversations/${encodeURIComponent(conversationId)}/regenerate`,
    undefined,
    { signal: handlers.signal, headers: { Accept: 'text/event-stream' } },
  );
  return readChatStream(res, handlers);
}
