import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookedCall } from '@shared/booked-call';
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
