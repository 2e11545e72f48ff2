import type { ContactRequest } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import {
  findContactRequest,
  hasActiveBookingForConversation,
  markContactRequestCancelled,
  setConversationCallScheduled,
} from '../../storage/contact-requests';
import { deleteUnsentOutboxEntries, insertOutboxEntries } from '../../storage/email-outbox';
import { buildCancellationEmails, type BookingMailSettings } from '../mail/booking-emails';
import { VISITOR_REMINDER } from '../mail/booking-reminder-email';
import { getBookingMailSettings, type BookingContext } from './booking-context';

const NOT_FOUND_MESSAGE = 'This contact request does not exist.';

/**
 * What follows a cancellation inside its transaction: the conversation no longer counts as
 * having a call scheduled unless another of its bookings is still active, the unsent reminder is
 * dropped, and both sides get the invitation's cancellation (the owner only with OWNER_EMAIL).
 */
export async function settleCancellation(
  tx: Queryable,
  cancelled: ContactRequest,
  settings: BookingMailSettings,
  options: { movedTo?: string; byVisitor?: boolean; keepsCallScheduled?: boolean } = {},
): Promise<void> {
  const { conversationId } = cancelled;
  if (conversationId && cancelled.scheduledDate && !options.keepsCallScheduled) {
    const isStillBooked = await hasActiveBookingForConversation(tx, conversationId, cancelled.id);
    if (!isStillBooked) await setConversationCallScheduled(tx, conversationId, false);
  }
  await deleteUnsentOutboxEntries(tx, {
    contactRequestId: cancelled.id,
    kind: VISITOR_REMINDER,
    now: settings.now,
  });
  await insertOutboxEntries(tx, buildCancellationEmails(cancelled, settings, options));
}

/**
 * Cancels a request, which frees its slot for others (the unique index covers active requests
 * only), in one transaction with settleCancellation, then sends the mail. Owner API only.
 */
export async function cancelContactRequest(
  context: Pick<BookingContext, 'database' | 'now' | 'env' | 'content' | 'mail' | 'sessionSecret'>,
  id: string,
): Promise<ContactRequest> {
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE);
  const secret = await context.sessionSecret.load();
  const cancelled = await context.database.db.transaction(async (tx) => {
    const now = context.now();
    const cancelled = await markContactRequestCancelled(tx, id, now);
    if (!cancelled) {
      const existing = await findContactRequest(tx, id);
      throw existing ? conflict('This request is already cancelled.') : notFound(NOT_FOUND_MESSAGE);
    }
    await settleCancellation(tx, cancelled, getBookingMailSettings(context, now, secret));
    return cancelled;
  });
  // Not awaited: the answer does not wait for the mail server, and flush never throws.
  void context.mail.flush();
  return cancelled;
}
