import type { ContactRequestPayload, ContactRequestView } from '../../../shared/booking-contact-request';
import { composePreferredTime, getSlotInstant } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import { conflict, isUniqueViolation } from '../../lib/app-error';
import { insertContactRequest, updateConversationContact } from '../../storage/contact-requests';
import { findConversation } from '../../storage/conversations';
import { isOwnedBy } from '../chat/conversations';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { buildBookingEmails } from '../mail/booking-emails';
import { buildReminderEmail } from '../mail/booking-reminder-email';
import { getBookingSettings } from '../content/load-content';
import { getBookingMailSettings, type BookingContext } from './booking-context';
import { toContactRequestView } from './views';

/**
 * Stores a contact request (validated by createContactRequestSchema). In one transaction: the
 * request, the visitor's details on the conversation it came from, and the owner's and visitor's
 * e-mails in the outbox. The slot's exclusivity is the partial unique index over active
 * requests, so of any number of simultaneous requests for one slot exactly one is stored; the
 * others get 409. Mail is sent after the commit and its failure never undoes the booking.
 *
 * The request is linked to its conversation (and copies the visitor's details onto it) only when
 * this browser started that conversation. An unknown id, or another browser's, is ignored rather
 * than refused: the visitor still books, the request carries no link, nobody else's conversation
 * is touched, and the answer does not tell whether the id exists.
 */
export async function createContactRequest(
  context: BookingContext,
  input: ContactRequestPayload,
  browserKeyHash: string | undefined,
): Promise<ContactRequestView> {
  const { env } = context;
  const now = context.now();
  const slot =
    input.scheduledDate && input.scheduledTime
      ? { date: input.scheduledDate, time: input.scheduledTime }
      : undefined;
  const slotLabel = slot ? composePreferredTime(slot.date, slot.time, env.OWNER_TIMEZONE) : undefined;
  const bookingSettings = getBookingSettings(context.content);
  const secret = await context.sessionSecret.load();

  let request: ContactRequest;
  try {
    request = await context.database.db.transaction(async (tx) => {
      const found = input.conversationId ? await findConversation(tx, input.conversationId) : undefined;
      const conversation = found && isOwnedBy(found, browserKeyHash) ? found : undefined;
      const row = await insertContactRequest(tx, {
        fullName: input.fullName,
        phoneNumber: input.phoneNumber,
        email: input.email,
        // For a booked slot the canonical text, so the owner reads exactly the slot that was taken.
        preferredTime: slotLabel ?? input.preferredTime ?? null,
        purpose: input.purpose ?? null,
        scheduledDate: slot?.date ?? null,
        scheduledTime: slot?.time ?? null,
        scheduledAt: slot ? getSlotInstant(slot.date, slot.time, env.OWNER_TIMEZONE) : null,
        conversationId: conversation?.id ?? null,
        // A booked slot the owner chose to confirm at once (content); otherwise the desk confirms.
        isConfirmed: Boolean(slot) && bookingSettings.confirmAtOnce,
      });
      if (conversation)
        await updateConversationContact(tx, conversation.id, {
          visitorName: row.fullName,
          visitorEmail: row.email,
          visitorPhone: row.phoneNumber,
          // A booked slot stays the conversation's call time until another slot is booked.
          ...(slot || !conversation.isCallScheduled
            ? { preferredCallTime: row.preferredTime, purpose: row.purpose }
            : {}),
          ...(slot ? { isCallScheduled: true } : {}),
        });
      const settings = getBookingMailSettings(context, now, secret);
      await insertOutboxEntries(tx, [
        ...buildBookingEmails(row, settings),
        ...buildReminderEmail(row, settings, bookingSettings),
      ]);
      return row;
    });
  } catch (error) {
    if (slotLabel && isUniqueViolation(error))
      throw conflict(
        `Sorry, ${slotLabel} has just been booked by someone else. Please choose a different time.`,
      );
    throw error;
  }

  // Not awaited: the visitor's answer does not wait for the mail server, and flush never throws.
  void context.mail.flush();
  return toContactRequestView(request);
}
