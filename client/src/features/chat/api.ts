import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { ChatMessage, ConversationSummary, CreatedConversation, Transcript } from '@shared/chat';
import { toast } from '@/components/ui/use-toast';
import { apiJson, apiRequest, hasStatus } from '@/lib/api-client';
import { readStoredValue, storeValue } from '@/lib/local-storage';
import { useBrowserState, useIsHydrated } from '@/lib/use-browser-state';
import { saveFile } from './save-file';
import { readChatStream, type StreamedReply } from './read-chat-stream';
import { getTranscriptFileName, toTranscriptMarkdown } from './transcript-markdown';

// The streamed send lives in use-send-message.ts.

// The chat API (contract in shared/chat.ts): fetchers, query options and hooks.

const INIT_FAILED_MESSAGE = 'Failed to initialize chat session';
export const SEND_FAILED_MESSAGE = 'Failed to send message. Please try again.';
const EXPORT_FAILED_MESSAGE = 'Failed to export transcript';
const EXPORT_SUCCEEDED_MESSAGE = 'Transcript exported successfully';
const DELETE_FAILED_MESSAGE = 'Failed to delete the chat. Please try again.';

/** Where the conversation id is kept so a reload continues the same conversation. */
export const CONVERSATION_STORAGE_KEY = 'chat.conversationId';

const readStoredConversationId = () => readStoredValue(CONVERSATION_STORAGE_KEY);
const storeConversationId = (id: string | null) => storeValue(CONVERSATION_STORAGE_KEY, id);

const createConversation = () => apiJson<CreatedConversation>('POST', '/api/conversations');

export const messagesQueryKey = (conversationId: string | null) =>
  ['conversations', conversationId, 'messages'] as const;

/** GET /api/conversations/:id/messages through the default query function; idle until the id exists. */
export const messagesQuery = (conversationId: string | null) =>
  queryOptions<ChatMessage[]>({
    queryKey: messagesQueryKey(conversationId),
    enabled: Boolean(conversationId),
  });

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

/** GET /api/conversations: this browser's own chats, refetched whenever a list is shown. */
export const ownConversationsQuery = () =>
  queryOptions<ConversationSummary[]>({ queryKey: ['conversations'], staleTime: 0 });

/** GET /api/conversations/:id/transcript: the JSON document, as a file's content. */
async function fetchTranscript(conversationId: string): Promise<Blob> {
  const res = await apiRequest('GET', `/api/conversations/${encodeURIComponent(conversationId)}/transcript`);
  const blob = await res.blob();
  return blob.type ? blob : new Blob([blob], { type: 'application/json' });
}

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
  const retry = useCallback(() => {
    if (conversationId && !isLost) void refetch();
    else resetCreate();
  }, [conversationId, isLost, refetch, resetCreate]);

  const startOver = useCallback(() => {
    storeConversationId(null);
    if (conversationId) queryClient.removeQueries({ queryKey: messagesQueryKey(conversationId) });
    resetCreate();
    setConversationId(null);
  }, [conversationId, queryClient, resetCreate, setConversationId]);

  const openConversation = useCallback(
    (id: string | null) => {
      storeConversationId(id);
      resetCreate();
      setConversationId(id);
    },
    [resetCreate, setConversationId],
  );

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

/**
 * DELETE /api/conversations/:id: the visitor's own chat and its messages leave the site (a booked
 * call stays booked). One already gone (404) counts as deleted.
 */
export function useDeleteConversation(conversationId: string | null, onDeleted: () => void) {
  return useMutation({
    mutationFn: async () => {
      if (!conversationId) return;
      try {
        await apiRequest('DELETE', `/api/conversations/${encodeURIComponent(conversationId)}`);
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
      }
    },
    onSuccess: () => {
      onDeleted();
      toast({ title: 'Chat deleted', description: 'Your messages were deleted. This is a new chat.' });
    },
    onError: () => toast({ title: 'Error', description: DELETE_FAILED_MESSAGE, variant: 'destructive' }),
  });
}

export type TranscriptFormat = 'json' | 'md';

/** Downloads the transcript as a JSON or a Markdown file, with the catalogue's toasts. */
export function useExportTranscript(conversationId: string | null) {
  return useMutation({
    mutationFn: async (format: TranscriptFormat = 'json') => {
      if (!conversationId) throw new Error('No conversation yet.');
      const transcript = await fetchTranscript(conversationId);
      // Named by the visitor's own date, not the server's (UTC) Content-Disposition name: an
      // evening export west of Greenwich would otherwise carry tomorrow's date.
      const fileName = getTranscriptFileName(new Date(), format);
      if (format === 'json') {
        saveFile(transcript, fileName);
        return;
      }
      const markdown = toTranscriptMarkdown(JSON.parse(await transcript.text()) as Transcript, (iso) =>
        new Date(iso).toLocaleString(),
      );
      saveFile(new Blob([markdown], { type: 'text/markdown;charset=utf-8' }), fileName);
    },
    onSuccess: () => toast({ title: 'Success', description: EXPORT_SUCCEEDED_MESSAGE }),
    onError: () => toast({ title: 'Error', description: EXPORT_FAILED_MESSAGE, variant: 'destructive' }),
  });
}
