import { queryOptions } from '@tanstack/react-query';
import type { ConversationSummary } from '@shared/chat';

/** GET /api/conversations: this browser's own chats, refetched whenever a list is shown. */
export const ownConversationsQuery = () =>
  queryOptions<ConversationSummary[]>({ queryKey: ['conversations'], staleTime: 0 });
