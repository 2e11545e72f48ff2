import type { ContactRequest } from '../../../shared/schema';
import { conflict, notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import {
  markContactRequestCompleted,
  markContactRequestConfirmed,
} from '../../storage/contact-request-status';
import { findContactRequest } from '../../storage/contact-requests';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { getBookingMailSettings, type BookingContext } from '../booking/booking-context';
import { buildCallConfirmedEmail } from '../mail/call-confirmation-email';

const NOT_FOUND_MESSAGE = 'This contact request does not exist.';
const CANCELLED_MESSAGE = 'This request is cancelled.';

type DeskContext = Pick<BookingContext, 'database' | 'now' | 'env' | 'content' | 'mail' | 'sessionSecret'>;

/**
 * Confirms a request: isConfirmed, and the visitor's confirmation (with the invitation for a
 * booked slot) in the outbox, in one transaction, then sent. Confirming again
 * changes nothing and sends nothing; a cancelled request cannot be confirmed (409).
 */
export async function confirmContactRequest(context: DeskContext, id: string): Promise<ContactRequest> {
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE);
  const secret = await context.sessionSecret.load();
  const confirmed = await context.database.db.transaction(async (tx) => {
    const changed = await markContactRequestConfirmed(tx, id);
    if (!changed) return requireUnchanged(await findContactRequest(tx, id));
    const settings = getBookingMailSettings(context, context.now(), secret);
    await insertOutboxEntries(tx, [buildCallConfirmedEmail(changed, settings)]);
    return changed;
  });
  // Not awaited: the answer does not wait for the mail server, and flush never throws.
  void context.mail.flush();
  return confirmed;
}

/** Marks a request done (it leaves the open list); repeating it changes nothing. */
export async function completeContactRequest(context: DeskContext, id: string): Promise<ContactRequest> {
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE);
  const db = context.database.db;
  const completed = await markContactRequestCompleted(db, id, context.now());
  return completed ?? requireUnchanged(await findContactRequest(db, id));
}

/** When the conditional update changed nothing: unknown (404), cancelled (409) or already so. */
function requireUnchanged(existing: ContactRequest | undefined): ContactRequest {
  if (!existing) throw notFound(NOT_FOUND_MESSAGE);
  if (existing.cancelledAt) throw conflict(CANCELLED_MESSAGE);
  return existing;
}
