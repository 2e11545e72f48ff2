import { z } from 'zod';
import { buildGoogleCalendarUrl, type ManagedBooking } from '../../../shared/booked-call';
import { checkSlot } from '../../../shared/booking-contact-request';
import { composePreferredTime, getSlotEnd, getSlotInstant } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import {
  findContactRequest,
  insertContactRequest,
  markContactRequestCancelled,
  updateConversationContact,
} from '../../storage/contact-requests';
import { insertOutboxEntries } from '../../storage/email-outbox';
import { getBookingSettings } from '../content/load-content';
import { buildBookingEmails } from '../mail/booking-emails';
import { buildReminderEmail } from '../mail/booking-reminder-email';
import { getBookingMailSettings, getSlotLimits, type BookingContext } from './booking-context';
import { settleCancellation } from './cancel-contact-request';
import { createManageToken, getManageUrl, readManageToken } from './manage-token';

// The visitor's own page for a booked call (/booking#token): see it, cancel it or move it to
// another free slot. The signed token is the only key; the answers carry no personal data.

const NOT_FOUND_MESSAGE = 'This booking link is not valid. Please use the link from your e-mail or the chat.';

export const manageTokenSchema = z.object({
  token: z.string({ error: 'A booking link is needed.' }).max(200),
});
export const rescheduleSchema = manageTokenSchema.extend({
  scheduledDate: z.string({ error: 'Please choose a date.' }).max(10),
  scheduledTime: z.string({ error: 'Please choose a time.' }).max(5),
});

async function requireBooking(context: BookingContext, db: Queryable, token: string) {
  const secret = await context.sessionSecret.load();
  const id = readManageToken(secret, token);
  const row = id ? await findContactRequest(db, id) : undefined;
  if (!row?.scheduledAt || !row.scheduledDate || !row.scheduledTime) throw notFound(NOT_FOUND_MESSAGE);
  return { row, secret };
}

function toManagedBooking(context: BookingContext, row: ContactRequest, secret: string): ManagedBooking {
  const ownerName = context.content.profile.name;
  const status = row.cancelledAt
    ? 'cancelled'
    : row.scheduledAt!.getTime() <= context.now().getTime()
      ? 'past'
      : row.isConfirmed
        ? 'confirmed'
        : 'tentative';
  return {
    date: row.scheduledDate!,
    time: row.scheduledTime!,
    startsAt: row.scheduledAt!.toISOString(),
    ownerTimeZone: context.env.OWNER_TIMEZONE,
    ownerName,
    status,
    manageUrl: getManageUrl('', createManageToken(secret, row.id)),
    // Without the phone number or purpose: whoever holds the link sees only the slot.
    googleCalendarUrl: buildGoogleCalendarUrl({
      title: `Phone call with ${ownerName}`,
      start: row.scheduledAt!,
      end: getSlotEnd(row.scheduledAt!),
      details: `${ownerName} will call you at the number you gave.`,
    }),
  };
}

/** Only a call that is still ahead and not cancelled can change. */
function requireChangeable(context: BookingContext, row: ContactRequest) {
  if (row.cancelledAt) throw conflict('This call is already cancelled.');
  if (row.scheduledAt!.getTime() <= context.now().getTime())
    throw conflict('This call has already taken place, so it can no longer be changed.');
}

export async function getManagedBooking(context: BookingContext, token: string): Promise<ManagedBooking> {
  const { row, secret } = await requireBooking(context, context.database.db, token);
  return toManagedBooking(context, row, secret);
}

/** Cancels the call: the slot is free again and the owner is told (with OWNER_EMAIL). */
export async function cancelManagedBooking(context: BookingContext, token: string): Promise<ManagedBooking> {
  const result = await context.database.db.transaction(async (tx) => {
    const { row, secret } = await requireBooking(context, tx, token);
    requireChangeable(context, row);
    const now = context.now();
    const cancelled = await markContactRequestCancelled(tx, row.id, now);
    if (!cancelled) throw conflict('This call is already cancelled.');
    await settleCancellation(tx, cancelled, getBookingMailSettings(context, now, secret), {
      byVisitor: true,
    });
    return toManagedBooking(context, cancelled, secret);
  });
  void context.mail.flush();
  return result;
}

/**
 * Moves the call to another free slot: in one transaction the old request is cancelled (its slot
 * freed, its invitation cancelled) and a new one with the same details takes the new slot, so the
 * unique index keeps slots exclusive exactly as for a new booking (409 when just taken).
 */
export async function rescheduleManagedBooking(
  context: BookingContext,
  input: z.infer<typeof rescheduleSchema>,
): Promise<ManagedBooking> {
  const { env } = context;
  const now = context.now();
  const problem = checkSlot(
    input.scheduledDate,
    input.scheduledTime,
    now,
    env.OWNER_TIMEZONE,
    getSlotLimits(context),
  );
  if (problem) throw badRequest(problem.message, { [problem.field]: [problem.message] });
  const label = composePreferredTime(input.scheduledDate, input.scheduledTime, env.OWNER_TIMEZONE);
  const bookingSettings = getBookingSettings(context.content);
  try {
    const result = await context.database.db.transaction(async (tx) => {
      const { row, secret } = await requireBooking(context, tx, input.token);
      requireChangeable(context, row);
      if (row.scheduledDate === input.scheduledDate && row.scheduledTime === input.scheduledTime)
        throw badRequest('Your call is already at this time. Please choose another one.');
      const old = await markContactRequestCancelled(tx, row.id, now);
      if (!old) throw conflict('This call is already cancelled.');
      const moved = await insertContactRequest(tx, {
        fullName: row.fullName,
        phoneNumber: row.phoneNumber,
        email: row.email,
        purpose: row.purpose,
        preferredTime: label,
        scheduledDate: input.scheduledDate,
        scheduledTime: input.scheduledTime,
        scheduledAt: getSlotInstant(input.scheduledDate, input.scheduledTime, env.OWNER_TIMEZONE),
        conversationId: row.conversationId,
        isConfirmed: bookingSettings.confirmAtOnce,
      });
      if (row.conversationId)
        await updateConversationContact(tx, row.conversationId, {
          visitorName: row.fullName,
          visitorEmail: row.email,
          visitorPhone: row.phoneNumber,
          preferredCallTime: label,
        });
      const settings = getBookingMailSettings(context, now, secret);
      await settleCancellation(tx, old, settings, {
        movedTo: label,
        byVisitor: true,
        keepsCallScheduled: true,
      });
      await insertOutboxEntries(tx, [
        ...buildBookingEmails(moved, settings),
        ...buildReminderEmail(moved, settings, bookingSettings),
      ]);
      return toManagedBooking(context, moved, secret);
    });
    void context.mail.flush();
    return result;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`Sorry, ${label} has just been booked by someone else. Please choose a different time.`);
    throw error;
  }
}
