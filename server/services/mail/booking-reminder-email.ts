import type { BookingSettings } from '../../../shared/availability';
import type { ContactRequest } from '../../../shared/schema';
import type { NewOutboxEntry } from '../../storage/email-outbox';
import { describeSlot, formatUtc, type BookingMailSettings } from './booking-emails';

export const VISITOR_REMINDER = 'booking_visitor_reminder';

/**
 * The visitor's reminder, written to the outbox with the booking and due `reminderHoursBefore`
 * the call (nextAttemptAt): the outbox's claims (FOR UPDATE SKIP LOCKED, a lease per instance)
 * send it once however many instances run. None when the call is closer than that already, or
 * reminders are off. A cancelled or moved call deletes it (deleteUnsentOutboxEntries).
 */
export function buildReminderEmail(
  request: ContactRequest,
  settings: BookingMailSettings,
  { reminderHoursBefore }: Pick<BookingSettings, 'reminderHoursBefore'>,
): NewOutboxEntry[] {
  const slot = describeSlot(request, settings);
  if (!slot || reminderHoursBefore <= 0) return [];
  const dueAt = new Date(slot.start.getTime() - reminderHoursBefore * 60 * 60_000);
  if (dueAt.getTime() <= settings.now.getTime()) return [];
  const firstName = request.fullName.split(/\s+/)[0] ?? request.fullName;
  return [
    {
      kind: VISITOR_REMINDER,
      toAddress: request.email,
      subject: `Reminder: your call with ${settings.ownerName}, ${slot.label}`,
      body: [
        `Hi ${firstName},`,
        '',
        `a reminder of your call with ${settings.ownerName} on ${slot.label} (${formatUtc(slot.start)}).`,
        `${settings.ownerName} will call you at ${request.phoneNumber}.`,
        '',
        `To reschedule or cancel: ${settings.getManageUrl(request.id)}`,
        '',
        settings.ownerName,
      ].join('\n'),
      contactRequestId: request.id,
      nextAttemptAt: dueAt,
    },
  ];
}
