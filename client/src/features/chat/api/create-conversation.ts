import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChatMessage, CreatedConversation } from '@shared/chat';
import { toast } from '@/components/ui/use-toast';
import { apiJson, hasStatus } from '@/lib/api-client';
import { readStoredValue, storeValue } from '@/lib/local-storage';
import { useBrowserState, useIsHydrated } from '@/lib/use-browser-state';
import { messagesQuery, messagesQueryKey } from './get-messages';

const INIT_FAILED_MESSAGE = 'Failed to initialize chat session';

/** Where the conversation id is kept so a reload continues the same conversation. */
export const CONVERSATION_STORAGE_KEY = 'chat.conversationId';

const readStoredConversationId = () => readStoredValue(CONVERSATION_STORAGE_KEY);
const storeConversationId = (id: string | null) => storeValue(CONVERSATION_STORAGE_KEY, id);

/** POST /api/conversations: a new conversation for this browser (its key set as a cookie). */
const createConversation = () => apiJson<CreatedConversation>('POST', '/api/conversations');

export interface ConversationState {
  /** Null until POST /api/conversations answered (or while a lost one is replaced). */
  conversationId: string | null;
  messages: ChatMessage[];
  isLoadingMessages: boolean;
  /** Creating the conversation or loading its messages failed; `retry` tries again. */
  hasFailed: boolean;
  retry(): void;
  /** Forgets the current conversation (after deleting it): a new one is created. */
  startOver(): void;
  /** Shows another of this browser's conversations, or (null) starts a new one. */
  openConversation(id: string | null): void;
}

/**
 * The visitor's conversation: the one kept in the browser, or a new one. A kept id the server no
 * longer knows (404) is dropped and a new conversation is created.
 */
export function useConversation(): ConversationState {
  const queryClient = useQueryClient();
  // The server renders the page for a first visit; the kept id is read once hydrated.
  const isHydrated = useIsHydrated();
  const [conversationId, setConversationId] = useBrowserState<string | null>(readStoredConversationId, null);
  // React's StrictMode runs effects twice in development: create one conversation, not two.
  const isCreatingRef = useRef(false);
  const create = useMutation({
    mutationFn: createConversation,
    onSuccess: ({ id }) => {
      storeConversationId(id);
      // A new conversation has no messages: nothing to fetch, no loading state to show.
      queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(id), []);
      setConversationId(id);
    },
    onError: () => toast({ title: 'Error', description: INIT_FAILED_MESSAGE, variant: 'destructive' }),
    onSettled: () => {
      isCreatingRef.current = false;
    },
  });
  const { mutate: startConversation, reset: resetCreate } = create;
  const messages = useQuery(messagesQuery(conversationId));

  // A kept id the server does not know (deleted data, another database) is replaced.
  const isLost = hasStatus(messages.error, 404);
  const needsConversation = isHydrated && (!conversationId || isLost);
  useEffect(() => {
    if (!needsConversation || isCreatingRef.current || create.isError) return;
    isCreatingRef.current = true;
    storeConversationId(null);
    startConversation();
  }, [needsConversation, create.isError, startConversation]);

  const { refetch } = messages;
  // Plain functions: no consumer keeps them in a dependency list.
  function retry() {
    if (conversationId && !isLost) void refetch();
    else resetCreate();
  }

  function startOver() {
    storeConversationId(null);
    if (conversationId) queryClient.removeQueries({ queryKey: messagesQueryKey(conversationId) });
    resetCreate();
    setConversationId(null);
  }

  function openConversation(id: string | null) {
    storeConversationId(id);
    resetCreate();
    setConversationId(id);
  }

  return {
    conversationId: isLost ? null : conversationId,
    messages: isLost ? [] : (messages.data ?? []),
    isLoadingMessages: Boolean(conversationId) && !isLost && messages.isPending,
    hasFailed: create.isError || (messages.isError && !isLost),
    retry,
    startOver,
    openConversation,
  };
}
