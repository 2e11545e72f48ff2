import { composePreferredTime, getSlotEnd } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import type { NewOutboxEntry } from '../../storage/email-outbox';
import { buildCalendarInvite } from './calendar-invite';
import { OWNER_ADDRESS } from './mail-delivery';

export const OWNER_NOTIFICATION = 'booking_owner_notification';
export const VISITOR_CONFIRMATION = 'booking_visitor_confirmation';
export const OWNER_CANCELLATION = 'booking_owner_cancellation';
export const VISITOR_CANCELLATION = 'booking_visitor_cancellation';

export interface BookingMailSettings {
  ownerName: string;
  /** OWNER_EMAIL; without it the owner's copy is addressed to OWNER_ADDRESS and kept. */
  ownerEmail?: string;
  /** The From: address, used as the invitation's organizer when OWNER_EMAIL is unset. */
  fromAddress: string;
  ownerTimeZone: string;
  /** getPublicBaseUrl: PUBLIC_URL or http://localhost:PORT, no trailing slash. Links back to the site. */
  baseUrl: string;
  now: Date;
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

  const owner: NewOutboxEntry = {
    kind: OWNER_NOTIFICATION,
    toAddress: settings.ownerEmail ?? OWNER_ADDRESS,
    subject: slot ? `New call booked: ${slot.label}` : 'New contact request',
    body: [
      slot ? 'A visitor booked a call with you.' : 'A visitor asked you to get in touch.',
      '',
      ...details,
      '',
      icsContent ? 'The calendar invitation is attached.' : undefined,
      `Request id: ${request.id}`,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
    icsContent,
    contactRequestId: request.id,
  };

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
        ? `thank you for booking a call with ${settings.ownerName}. Your call is on ${slot.label} (${formatUtc(slot.start)}). The attached invitation adds it to your calendar in your own time zone.`
        : `thank you for your contact request. ${settings.ownerName} will get back to you soon.`,
      '',
      ...details,
      '',
      'To change or cancel, simply reply to this e-mail.',
      '',
      settings.ownerName,
    ].join('\n'),
    icsContent,
    contactRequestId: request.id,
  };

  return [owner, visitor];
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
): NewOutboxEntry[] {
  const slot = describeSlot(request, settings);
  if (!slot) return [];
  const transcriptUrl = request.conversationId
    ? getTranscriptUrl(settings.baseUrl, request.conversationId)
    : undefined;
  const icsContent = buildInvite(request, settings, slot, transcriptUrl, true);
  const firstName = request.fullName.split(/\s+/)[0] ?? request.fullName;
  return [
    {
      kind: OWNER_CANCELLATION,
      toAddress: settings.ownerEmail ?? OWNER_ADDRESS,
      subject: `Call cancelled: ${slot.label}`,
      body: [
        `The call with ${request.fullName} on ${slot.label} is cancelled; the slot is free again.`,
        '',
        `Request id: ${request.id}`,
      ].join('\n'),
      icsContent,
      contactRequestId: request.id,
    },
    {
      kind: VISITOR_CANCELLATION,
      toAddress: request.email,
      subject: `Your call with ${settings.ownerName} is cancelled`,
      body: [
        `Hi ${firstName},`,
        '',
        `your call with ${settings.ownerName} on ${slot.label} (${formatUtc(slot.start)}) is cancelled. The attached update removes it from your calendar.`,
        '',
        'To find another time, book a new slot on the site or reply to this e-mail.',
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
  });
}

function slotMinutes(slot: SlotDescription): number {
  return Math.round((slot.end.getTime() - slot.start.getTime()) / 60_000);
}

/** "2026-03-09 13:00 UTC" */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
