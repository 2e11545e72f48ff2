import type { StreamedReply } from '../read-chat-stream';
import { postForStream } from './post-for-stream';

/**
 * POST /api/conversations/:id/regenerate as server-sent events: the clone's last reply replaced
 * by a new one (409 when the last message is not the clone's). Errors as streamMessage's.
 */
export const streamRegeneratedReply = (
  conversationId: string,
  handlers: { signal?: AbortSignal; onDelta?(text: string): void },
): Promise<StreamedReply> => postForStream(conversationId, 'regenerate', undefined, handlers);
