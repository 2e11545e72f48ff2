import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookedSlot, BookingConfig } from '@shared/booking';
import type { ContactRequestPayload, ContactRequestView } from '@shared/booking-contact-request';
import { ApiError, apiJson } from '@/lib/api-client';

// The booking API (shared/booking*.ts). Both queries use the default query function: the key
// ['bookings', 'slots'] is GET /api/bookings/slots.

export const BOOKED_SLOTS_KEY = ['bookings', 'slots'] as const;

/** Booked slots, fetched only while the modal is open and again each time it opens. */
export const bookedSlotsQuery = (isOpen: boolean) =>
  queryOptions<BookedSlot[]>({ queryKey: BOOKED_SLOTS_KEY, enabled: isOpen, refetchOnMount: 'always' });

export const bookingConfigQuery = (isOpen: boolean) =>
  queryOptions<BookingConfig>({ queryKey: ['bookings', 'config'], enabled: isOpen });

export const submitContactRequest = (payload: ContactRequestPayload) =>
  apiJson<ContactRequestView>('POST', '/api/contact-requests', payload);

/** Submits a request; afterwards (booked or refused) the booked-slots list is fetched again. */
export function useSubmitContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitContactRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKED_SLOTS_KEY }),
  });
}

export const SUBMIT_FALLBACK_MESSAGE = 'Failed to submit contact request';
export const CONFLICT_FALLBACK_MESSAGE =
  'This time slot may already be booked. Please select a different time.';

/** SPEC.md section 8: the server's message, else the fallback texts. */
export function getSubmitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? SUBMIT_FALLBACK_MESSAGE;
  return CONFLICT_FALLBACK_MESSAGE;
}

/** Field errors of a 400 answer ({fieldErrors: {email: ['...']}}), first message per field. */
export function getServerFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const parsed = JSON.parse(error.body) as { fieldErrors?: Record<string, string[]> };
    const errors: Record<string, string> = {};
    for (const [field, messages] of Object.entries(parsed.fieldErrors ?? {}))
      if (messages[0]) errors[field] = messages[0];
    return errors;
  } catch {
    return {};
  }
}

export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
