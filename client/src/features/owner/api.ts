import {
  infiniteQueryOptions,
  type Query,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { BookingConfig } from '@shared/booking';
import type { ContactRequestView } from '@shared/booking-contact-request';
import type { ErasureSummary } from '@shared/erasure';
import type { OwnerAnswerInput, OwnerAnswerView } from '@shared/owner-answers';
import type {
  ConversationPage,
  ConversationTranscript,
  LeadList,
  LeadPage,
  MailOutbox,
  MailView,
  SubscriberView,
  UnansweredQuestionGroup,
} from '@shared/owner-desk';
import { useEffect } from 'react';
import { apiJson, apiRequest, hasStatus } from '@/lib/api-client';

// The owner's desk. Keys are API paths under /api (decision 002): ['owner', 'leads'] is
// GET /api/owner/leads. Every desk query is under ['owner'], so signing out clears them all.

export const OWNER_KEY = ['owner'] as const;
export const CSV_URL = '/api/owner/contact-requests.csv';

export const ownerSessionQuery = () => queryOptions<{ username: string }>({ queryKey: ['owner', 'session'] });
// The owner's time zone, from the booking configuration the chat page also reads.
export const ownerZoneQuery = () => queryOptions<BookingConfig>({ queryKey: ['bookings', 'config'] });
/** Both lists of leads: invalidating this refreshes every loaded page of each. */
export const LEADS_KEY = ['owner', 'leads'] as const;

/** GET /api/owner/leads/calls?cursor= or /api/owner/leads/requests?cursor=, page by page. */
export const leadsQuery = (list: LeadList) =>
  infiniteQueryOptions({
    queryKey: [...LEADS_KEY, list],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest('GET', `/api/owner/leads/${list}?${cursorParams(pageParam)}`, undefined, { signal }).then(
        (res) => res.json() as Promise<LeadPage>,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
export const transcriptQuery = (id: string) =>
  queryOptions<ConversationTranscript>({ queryKey: ['owner', 'conversations', id] });
export const questionGroupsQuery = () =>
  queryOptions<UnansweredQuestionGroup[]>({ queryKey: ['owner', 'unanswered-question-groups'] });
export const subscribersQuery = () => queryOptions<SubscriberView[]>({ queryKey: ['owner', 'subscribers'] });
/** Vapi end-of-call reports for calls no session of this site made (GET /api/owner/unknown-voice-reports). */
export interface UnknownVoiceReportView {
  id: string;
  vapiCallId: string;
  durationSeconds: number | null;
  endedReason: string | null;
  createdAt: string;
}
export const unknownVoiceReportsQuery = () =>
  queryOptions<UnknownVoiceReportView[]>({ queryKey: ['owner', 'unknown-voice-reports'] });
export const mailQuery = () => queryOptions<MailOutbox>({ queryKey: ['owner', 'mail'] });
/** The owner's answers to visitors' questions, the last edited first. */
export const ownerAnswersQuery = () => queryOptions<OwnerAnswerView[]>({ queryKey: ['owner', 'answers'] });
/** Every answer as a knowledge file (owner-answers.md) for content/knowledge/. */
export const ANSWERS_EXPORT_URL = '/api/owner/answers.md';

/** GET /api/owner/conversations?q=&cursor=, page by page. */
export const conversationsQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: ['owner', 'conversations', { q }],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = cursorParams(pageParam);
      if (q) params.set('q', q);
      return apiRequest('GET', `/api/owner/conversations?${params}`, undefined, { signal }).then(
        (res) => res.json() as Promise<ConversationPage>,
      );
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The first page has no cursor; each later one passes the page before's `nextCursor`. */
function cursorParams(cursor: string): URLSearchParams {
  return new URLSearchParams(cursor ? { cursor } : {});
}

/** Everything under ['owner'] but the session itself. */
const isDeskData = (query: Query) => query.queryKey[1] !== 'session';

/**
 * Keeps the desk current while it is open: its lists go stale after 30 seconds and refetch when
 * the owner comes back to the tab (the visitor's pages never refetch), and a session that expired
 * mid-use brings back the sign-in form instead of an error in every panel.
 */
export function useDeskFreshness() {
  const queryClient = useQueryClient();
  useEffect(() => {
    queryClient.setQueryDefaults(OWNER_KEY, { staleTime: 30_000, refetchOnWindowFocus: true });
    return queryClient.getQueryCache().subscribe((event) => {
      const { query } = event;
      if (event.type !== 'updated' || query.queryKey[0] !== 'owner' || !isDeskData(query)) return;
      if (hasStatus(query.state.error, 401))
        void queryClient.resetQueries({ queryKey: ownerSessionQuery().queryKey });
    });
  }, [queryClient]);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { username: string; password: string }) =>
      apiJson<{ username: string }>('POST', '/api/owner/session', input),
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: OWNER_KEY, predicate: isDeskData });
      queryClient.setQueryData(ownerSessionQuery().queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/owner/session'),
    onSettled: async () => {
      // The page observes the session query: reset it (refetched: 401, the sign-in) rather than remove it.
      await queryClient.resetQueries({ queryKey: ownerSessionQuery().queryKey });
      queryClient.removeQueries({ queryKey: OWNER_KEY, predicate: isDeskData });
    },
  });
}

/** confirm, done or cancel a contact request; the lists that show it refresh. */
export function useLeadAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'confirm' | 'done' | 'cancel' }) =>
      apiJson<ContactRequestView>('POST', `/api/owner/contact-requests/${encodeURIComponent(id)}/${action}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: LEADS_KEY }),
        queryClient.invalidateQueries({ queryKey: mailQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['owner', 'conversations'] }),
      ]),
  });
}

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<MailView>('POST', `/api/owner/mail/${encodeURIComponent(id)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailQuery().queryKey }),
  });
}

export function useErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => apiJson<ErasureSummary>('POST', '/api/owner/erasure', { email }),
    // Anything on the desk may have held that address.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: OWNER_KEY, predicate: (q) => q.queryKey[1] !== 'session' }),
  });
}

// An answer changes what is unanswered: both lists refresh.
const refreshAnswers = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ownerAnswersQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: questionGroupsQuery().queryKey }),
  ]);

/** Stores a new answer, or edits the one with `id`; the clone uses it from its next reply. */
export function useSaveOwnerAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: OwnerAnswerInput & { id?: string }) =>
      id
        ? apiJson<OwnerAnswerView>('PUT', `/api/owner/answers/${encodeURIComponent(id)}`, input)
        : apiJson<OwnerAnswerView>('POST', '/api/owner/answers', input),
    onSettled: () => refreshAnswers(queryClient),
  });
}

export function useRemoveOwnerAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/owner/answers/${encodeURIComponent(id)}`),
    onSettled: () => refreshAnswers(queryClient),
  });
}
