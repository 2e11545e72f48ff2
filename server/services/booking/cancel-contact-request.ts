import type { ContactRequest } from '../../../shared/schema';
import { conflict, notFound } from '../../lib/app-error';
import {
  findContactRequest,
  hasActiveBookingForConversation,
  markContactRequestCancelled,
  setConversationCallScheduled,
} from '../../storage/contact-requests';
import type { BookingContext } from './booking-context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND_MESSAGE = 'This contact request does not exist.';

/**
 * Cancels a request, which frees its slot for others (the unique index covers active requests
 * only). The linked conversation no longer counts as having a call scheduled unless another of
 * its bookings is still active. For the owner's tools; there is no public endpoint.
 */
export async function cancelContactRequest(
  { database, now }: Pick<BookingContext, 'database' | 'now'>,
  id: string,
): Promise<ContactRequest> {
  if (!UUID.test(id)) throw notFound(NOT_FOUND_MESSAGE);
  return database.db.transaction(async (tx) => {
    const cancelled = await markContactRequestCancelled(tx, id, now());
    if (!cancelled) {
      const existing = await findContactRequest(tx, id);
      throw existing ? conflict('This request is already cancelled.') : notFound(NOT_FOUND_MESSAGE);
    }
    const { conversationId } = cancelled;
    if (conversationId && cancelled.scheduledDate) {
      const isStillBooked = await hasActiveBookingForConversation(tx, conversationId, cancelled.id);
      if (!isStillBooked) await setConversationCallScheduled(tx, conversationId, false);
    }
    return cancelled;
  });
}
