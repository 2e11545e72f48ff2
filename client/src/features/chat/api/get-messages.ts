import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage } from '@shared/chat';

export const messagesQueryKey = (conversationId: string | null) =>
  ['conversations', conversationId, 'messages'] as const;

/** GET /api/conversations/:id/messages through the default query function; idle until the id exists. */
export const messagesQuery = (conversationId: string | null) =>
  queryOptions<ChatMessage[]>({
    queryKey: messagesQueryKey(conversationId),
    enabled: Boolean(conversationId),
  });
