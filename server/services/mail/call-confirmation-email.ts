import type { ContactRequest } from '../../../shared/schema';
import type { NewOutboxEntry } from '../../storage/email-outbox';
import {
  buildInvite,
  describeSlot,
  formatUtc,
  getTranscriptUrl,
  type BookingMailSettings,
} from './booking-emails';

export const VISITOR_CALL_CONFIRMED = 'booking_visitor_confirmed';

/**
 * The visitor's mail when the owner confirms: for a booked slot with the calendar invitation
 * (same uid as the first one, so calendars update the event they have); for a free-text request
 * a short note that the owner will be in touch.
 */
export function buildCallConfirmedEmail(
  request: ContactRequest,
  settings: BookingMailSettings,
): NewOutboxEntry {
  const slot = describeSlot(request, settings);
  const transcriptUrl = request.conversationId
    ? getTranscriptUrl(settings.baseUrl, request.conversationId)
    : undefined;
  const firstName = request.fullName.split(/\s+/)[0] ?? request.fullName;
  return {
    kind: VISITOR_CALL_CONFIRMED,
    toAddress: request.email,
    subject: slot
      ? `Confirmed: your call with ${settings.ownerName}, ${slot.label}`
      : `${settings.ownerName} confirmed your request`,
    body: [
      `Hi ${firstName},`,
      '',
      slot
        ? `${settings.ownerName} confirmed your call on ${slot.label} (${formatUtc(slot.start)}). The attached invitation keeps your calendar up to date.`
        : `${settings.ownerName} confirmed your request and will get in touch with you${request.preferredTime ? ` (${request.preferredTime})` : ''}.`,
      '',
      slot
        ? `To reschedule or cancel: ${settings.getManageUrl(request.id)}`
        : 'To change or cancel, simply reply to this e-mail.',
      '',
      settings.ownerName,
    ].join('\n'),
    icsContent: slot ? buildInvite(request, settings, slot, transcriptUrl) : null,
    contactRequestId: request.id,
  };
}
