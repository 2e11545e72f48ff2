import { composePreferredTime, getSlotEnd } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import type { NewOutboxEntry } from '../../storage/email-outbox';
import { buildCalendarInvite } from './calendar-invite';

export const OWNER_NOTIFICATION = 'booking_owner_notification';
export const VISITOR_CONFIRMATION = 'booking_visitor_confirmation';
export const OWNER_CANCELLATION = 'booking_owner_cancellation';
export const VISITOR_CANCELLATION = 'booking_visitor_cancellation';

export interface BookingMailSettings {
  ownerName: string;
  /** OWNER_EMAIL; without it no mail is written for the owner (the desk shows every booking). */
  ownerEmail?: string;
  /** The From: address, used as the invitation's organizer when OWNER_EMAIL is unset. */
  fromAddress: string;
  ownerTimeZone: string;
  /** getPublicBaseUrl: PUBLIC_URL or http://localhost:PORT, no trailing slash. Links back to the site. */
  baseUrl: string;
  now: Date;
  /** The visitor's signed link to reschedule or cancel this request (manage-token.ts). */
  getManageUrl(requestId: string): string;
}

/** The owner's copy, only when there is an address to send it to. */
function forOwner(settings: BookingMailSettings, entry: Omit<NewOutboxEntry, 'toAddress'>): NewOutboxEntry[] {
  return settings.ownerEmail ? [{ ...entry, toAddress: settings.ownerEmail }] : [];
}

/** What the visitor reads about the booking's state: the same words as the card and the desk. */
export function describeBookingState(request: ContactRequest, ownerName: string): string {
  return request.isConfirmed
    ? `${ownerName} has confirmed it.`
    : `${ownerName} will confirm it shortly; until then it is marked tentative in your calendar.`;
}

/** The owner API's copy of the chat (needs OWNER_API_TOKEN): only the visitor's browser opens theirs. */
export function getTranscriptUrl(baseUrl: string, conversationId: string): string {
  return `${baseUrl}/api/owner/conversations/${conversationId}/transcript`;
}

/**
 * The owner's notification and the visitor's confirmation for a new request, each with a
 * calendar invitation when a slot was booked. Subjects carry no personal data because the
 * development log prints them.
 */
export function buildBookingEmails(request: ContactRequest, settings: BookingMailSettings): NewOutboxEntry[] {
  const slot = describeSlot(request, settings);
  const transcriptUrl = request.conversationId
    ? getTranscriptUrl(settings.baseUrl, request.conversationId)
    : undefined;
  const details = [
    slot ? `When: ${slot.label} (${formatUtc(slot.start)}), ${slotMinutes(slot)} minutes` : undefined,
    !slot ? `Preferred time: ${request.preferredTime ?? 'not given'}` : undefined,
    `Name: ${request.fullName}`,
    `Phone: ${request.phoneNumber}`,
    `E-mail: ${request.email}`,
    `Purpose: ${request.purpose ?? 'not given'}`,
    transcriptUrl ? `Chat transcript: ${transcriptUrl}` : undefined,
  ].filter(Boolean);

  const icsContent = slot ? buildInvite(request, settings, slot, transcriptUrl) : null;
  const firstName = request.fullName.split(/\s+/)[0] ?? request.fullName;

  const owner = forOwner(settings, {
    kind: OWNER_NOTIFICATION,
    subject: slot ? `New call booked: ${slot.label}` : 'New contact request',
    body: [
      slot ? 'A visitor booked a call with you.' : 'A visitor asked you to get in touch.',
      '',
      ...details,
      '',
      icsContent ? 'The calendar invitation is attached.' : undefined,
      slot && !request.isConfirmed
        ? 'Confirm it on your desk: the visitor sees it as tentative until then.'
        : undefined,
      `Request id: ${request.id}`,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
    icsContent,
    contactRequestId: request.id,
  });

  const visitor: NewOutboxEntry = {
    kind: VISITOR_CONFIRMATION,
    toAddress: request.email,
    subject: slot
      ? `Your call with ${settings.ownerName}: ${slot.label}`
      : `${settings.ownerName} received your contact request`,
    body: [
      `Hi ${firstName},`,
      '',
      slot
        ? `thank you for booking a call with ${settings.ownerName}. Your call is on ${slot.label} (${formatUtc(slot.start)}). ${describeBookingState(request, settings.ownerName)} The attached invitation adds it to your calendar in your own time zone.`
        : `thank you for your contact request. ${settings.ownerName} will get back to you soon.`,
      '',
      ...details,
      '',
      slot
        ? `To reschedule or cancel: ${settings.getManageUrl(request.id)}`
        : 'To change or cancel, simply reply to this e-mail.',
      '',
      settings.ownerName,
    ].join('\n'),
    icsContent,
    contactRequestId: request.id,
  };

  return [...owner, visitor];
}

export interface SlotDescription {
  start: Date;
  end: Date;
  label: string;
}

export function describeSlot(
  request: ContactRequest,
  settings: BookingMailSettings,
): SlotDescription | undefined {
  if (!request.scheduledAt || !request.scheduledDate || !request.scheduledTime) return undefined;
  return {
    start: request.scheduledAt,
    end: getSlotEnd(request.scheduledAt),
    label: composePreferredTime(request.scheduledDate, request.scheduledTime, settings.ownerTimeZone),
  };
}

/**
 * When a booked call is cancelled: both sides get the cancellation of the invitation they were
 * sent (same uid), so the event leaves their calendars. A request without a slot sends nothing.
 */
export function buildCancellationEmails(
  request: ContactRequest,
  settings: BookingMailSettings,
  { movedTo, byVisitor = false }: { movedTo?: string; byVisitor?: boolean } = {},
): NewOutboxEntry[] {
  const slot = describeSlot(request, settings);
  if (!slot) return [];
  const transcriptUrl = request.conversationId
    ? getTranscriptUrl(settings.baseUrl, request.conversationId)
    : undefined;
  const icsContent = buildInvite(request, settings, slot, transcriptUrl, true);
  const firstName = request.fullName.split(/\s+/)[0] ?? request.fullName;
  const who = byVisitor ? `${request.fullName} ${movedTo ? 'moved' : 'cancelled'} the call` : 'The call';
  return [
    ...forOwner(settings, {
      kind: OWNER_CANCELLATION,
      subject: movedTo ? `Call moved: ${slot.label} to ${movedTo}` : `Call cancelled: ${slot.label}`,
      body: [
        byVisitor
          ? `${who} on ${slot.label}${movedTo ? ` to ${movedTo}` : ''}; that slot is free again.`
          : `The call with ${request.fullName} on ${slot.label} is cancelled; the slot is free again.`,
        '',
        `Request id: ${request.id}`,
      ].join('\n'),
      icsContent,
      contactRequestId: request.id,
    }),
    {
      kind: VISITOR_CANCELLATION,
      toAddress: request.email,
      subject: movedTo
        ? `Your call with ${settings.ownerName} moved to ${movedTo}`
        : `Your call with ${settings.ownerName} is cancelled`,
      body: [
        `Hi ${firstName},`,
        '',
        movedTo
          ? `your call with ${settings.ownerName} moved from ${slot.label} to ${movedTo}. The attached update removes the old time from your calendar; the new invitation follows in a separate e-mail.`
          : `your call with ${settings.ownerName} on ${slot.label} (${formatUtc(slot.start)}) is cancelled. The attached update removes it from your calendar.`,
        '',
        movedTo ? 'Nothing else to do.' : `To find another time, book a new slot on ${settings.baseUrl}.`,
        '',
        settings.ownerName,
      ].join('\n'),
      icsContent,
      contactRequestId: request.id,
    },
  ];
}

export function buildInvite(
  request: ContactRequest,
  settings: BookingMailSettings,
  slot: SlotDescription,
  transcriptUrl: string | undefined,
  isCancelled = false,
): string {
  const host = new URL(settings.baseUrl).hostname || 'localhost';
  return buildCalendarInvite({
    uid: `${request.id}@${host}`,
    start: slot.start,
    end: slot.end,
    stampedAt: settings.now,
    summary: `Phone call: ${request.fullName} and ${settings.ownerName}`,
    description: [
      `Purpose: ${request.purpose ?? 'not given'}`,
      `Phone: ${request.phoneNumber}`,
      transcriptUrl ? `Chat transcript: ${transcriptUrl}` : undefined,
    ]
      .filter(Boolean)
      .join('\n'),
    url: transcriptUrl,
    organizer: { name: settings.ownerName, email: settings.ownerEmail ?? settings.fromAddress },
    attendee: { name: request.fullName, email: request.email },
    productId: `-//${settings.ownerName}//Call booking//EN`,
    isCancelled,
    isTentative: !request.isConfirmed,
  });
}

function slotMinutes(slot: SlotDescription): number {
  return Math.round((slot.end.getTime() - slot.start.getTime()) / 60_000);
}

/** "2026-03-09 13:00 UTC" */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
