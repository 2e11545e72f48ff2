import type { ContactRequest } from '../../../shared/schema';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import {
  findContactRequest,
  hasActiveBookingForConversation,
  markContactRequestCancelled,
  setConversationCallScheduled,
} from '../../storage/contact-requests';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { buildCancellationEmails } from '../mail/booking-emails';
import { getBookingMailSettings, type BookingContext } from './booking-context';

const NOT_FOUND_MESSAGE = 'This contact request does not exist.';

/**
 * Cancels a request, which frees its slot for others (the unique index covers active requests
 * only). The linked conversation no longer counts as having a call scheduled unless another of
 * its bookings is still active. For a booked slot, both sides get the invitation's cancellation
 * in the outbox, in the same transaction, then sent. Owner API only.
 */
export async function cancelContactRequest(
  context: Pick<BookingContext, 'database' | 'now' | 'env' | 'content' | 'mail'>,
  id: string,
): Promise<ContactRequest> {
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE);
  const cancelled = await context.database.db.transaction(async (tx) => {
    const now = context.now();
    const cancelled = await markContactRequestCancelled(tx, id, now);
    if (!cancelled) {
      const existing = await findContactRequest(tx, id);
      throw existing ? conflict('This request is already cancelled.') : notFound(NOT_FOUND_MESSAGE);
    }
    const { conversationId } = cancelled;
    if (conversationId && cancelled.scheduledDate) {
      const isStillBooked = await hasActiveBookingForConversation(tx, conversationId, cancelled.id);
      if (!isStillBooked) await setConversationCallScheduled(tx, conversationId, false);
    }
    await insertOutboxEntries(tx, buildCancellationEmails(cancelled, getBookingMailSettings(context, now)));
    return cancelled;
  });
  // Not awaited: the answer does not wait for the mail server, and flush never throws.
  void context.mail.flush();
  return cancelled;
}
