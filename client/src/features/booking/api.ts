import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookedCall, ManagedBooking } from '@shared/booked-call';
import type { BookedSlot, BookingConfig } from '@shared/booking';
import type { ContactRequestPayload, ContactRequestView } from '@shared/booking-contact-request';
import { ApiError, apiJson } from '@/lib/api-client';

// The booking API (shared/booking*.ts). Both queries use the default query function: the key
// ['bookings', 'slots'] is GET /api/bookings/slots.

const BOOKED_SLOTS_KEY = ['bookings', 'slots'] as const;

/**
 * Booked slots. The form is mounted only while the modal is open, so they are fetched only then,
 * and again at each opening (`refetchOnMount: 'always'`).
 */
export const bookedSlotsQuery = () =>
  queryOptions<BookedSlot[]>({ queryKey: BOOKED_SLOTS_KEY, refetchOnMount: 'always' });

export const bookingConfigQuery = () => queryOptions<BookingConfig>({ queryKey: ['bookings', 'config'] });

const bookedCallsKey = (conversationId: string | undefined) =>
  ['conversations', conversationId, 'booked-calls'] as const;

/**
 * GET /api/conversations/:id/booked-calls: the calls booked from this chat, so their card is
 * back after a reload. Idle until the conversation exists.
 */
export const bookedCallsQuery = (conversationId: string | undefined) =>
  queryOptions<BookedCall[]>({ queryKey: bookedCallsKey(conversationId), enabled: Boolean(conversationId) });

/** The .ics download of a call booked from this chat. */
export const getCalendarFileUrl = (conversationId: string, callId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/booked-calls/${encodeURIComponent(callId)}/calendar.ics`;

const submitContactRequest = (payload: ContactRequestPayload) =>
  apiJson<ContactRequestView>('POST', '/api/contact-requests', payload);

/**
 * Submits a request; afterwards (booked or refused) the booked-slots list is fetched again, and
 * a slot booked from a chat brings its booked-call card.
 */
export function useSubmitContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitContactRequest,
    onSettled: (request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BOOKED_SLOTS_KEY }),
        request?.conversationId && request.scheduledDate
          ? queryClient.invalidateQueries({ queryKey: bookedCallsKey(request.conversationId) })
          : undefined,
      ]),
  });
}

const SUBMIT_FALLBACK_MESSAGE = 'Failed to submit contact request';
const CONFLICT_FALLBACK_MESSAGE = 'This time slot may already be booked. Please select a different time.';

/** A failed contact request shows the server's message, else the fallback texts. */
export function getSubmitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SUBMIT_FALLBACK_MESSAGE;
  return CONFLICT_FALLBACK_MESSAGE;
}

// The visitor's signed link (/booking#token): the token travels in POST bodies, never in a URL.

export const managedBookingQuery = (token: string) =>
  queryOptions<ManagedBooking>({
    queryKey: ['bookings', 'manage', token],
    queryFn: () => apiJson<ManagedBooking>('POST', '/api/bookings/manage', { token }),
    enabled: token !== '',
  });

/** Cancels or moves the call; the answer replaces what the page shows, and the slots are fetched again. */
export function useChangeManagedBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { action: 'cancel' } | { action: 'reschedule'; date: string; time: string }) =>
      change.action === 'cancel'
        ? apiJson<ManagedBooking>('POST', '/api/bookings/manage/cancel', { token })
        : apiJson<ManagedBooking>('POST', '/api/bookings/manage/reschedule', {
            token,
            scheduledDate: change.date,
            scheduledTime: change.time,
          }),
    onSuccess: (next) => {
      // The answer is the call as it now stands, under the link that now works.
      queryClient.setQueryData(['bookings', 'manage', next.manageUrl.split('#')[1] ?? token], next);
      if (next.manageUrl.endsWith(token)) return;
      queryClient.setQueryData(['bookings', 'manage', token], { ...next, status: 'cancelled' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKED_SLOTS_KEY }),
  });
}
