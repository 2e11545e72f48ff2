// An iCalendar (RFC 5545) invitation for one booked call, built by hand: it is a few lines, and
// doing it here keeps control over what matters to calendar clients: UTC instants (no VTIMEZONE
// needed, correct in every zone), CRLF line ends, 75-octet folding and text escaping.

import { formatCalendarInstant } from '../../../shared/booked-call';

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface CalendarInvite {
  /** Globally unique and stable for this booking, so updates replace the same event. */
  uid: string;
  start: Date;
  end: Date;
  /** When the invitation was created (DTSTAMP). */
  stampedAt: Date;
  summary: string;
  description: string;
  url?: string;
  organizer: CalendarPerson;
  /** The invitee; left out of a published event, where RFC 5546 allows none. */
  attendee?: CalendarPerson;
  productId: string;
  /** A cancellation of the invitation with the same uid (METHOD:CANCEL): calendars remove it. */
  isCancelled?: boolean;
  /**
   * A plain event for the visitor's own calendar (METHOD:PUBLISH), as the site's download: no
   * reply is asked, and the same uid as the e-mailed invitation keeps it one event.
   */
  isPublished?: boolean;
  /** Booked but not yet confirmed by the owner (STATUS:TENTATIVE). */
  isTentative?: boolean;
}

const MAX_LINE_OCTETS = 75;

/** 20260309T130000Z */
export const formatUtcDateTime = formatCalendarInstant;

/** TEXT values: backslash, semicolon, comma and line breaks are escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Parameter values (CN=...): no DQUOTE allowed; quoted when they hold : ; or , (RFC 5545 3.2). */
function paramValue(value: string): string {
  const clean = value.replace(/["\r\n]/g, '').trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line into chunks of at most 75 octets without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts towards their 75 octets.
    const limit = chunks.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

export function buildCalendarInvite(invite: CalendarInvite): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${invite.productId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.isCancelled ? 'CANCEL' : invite.isPublished ? 'PUBLISH' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${invite.uid}`,
    `DTSTAMP:${formatUtcDateTime(invite.stampedAt)}`,
    `DTSTART:${formatUtcDateTime(invite.start)}`,
    `DTEND:${formatUtcDateTime(invite.end)}`,
    `SUMMARY:${escapeText(invite.summary)}`,
    `DESCRIPTION:${escapeText(invite.description)}`,
    ...(invite.url ? [`URL:${invite.url}`] : []),
    `ORGANIZER;CN=${paramValue(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    ...(invite.attendee && !invite.isPublished
      ? [
          `ATTENDEE;CN=${paramValue(invite.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${invite.attendee.email}`,
        ]
      : []),
    // Each update carries a higher SEQUENCE than the one it replaces: tentative, then confirmed,
    // then cancelled.
    `SEQUENCE:${invite.isCancelled ? 2 : invite.isTentative ? 0 : 1}`,
    `STATUS:${invite.isCancelled ? 'CANCELLED' : invite.isTentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    ...(invite.isCancelled
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Reminder', 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The METHOD of an invitation, which the e-mail's calendar part must repeat. */
export function getInviteMethod(icsContent: string): 'REQUEST' | 'CANCEL' | 'PUBLISH' {
  if (/^METHOD:PUBLISH\r?$/m.test(icsContent)) return 'PUBLISH';
  return /^METHOD:CANCEL\r?$/m.test(icsContent) ? 'CANCEL' : 'REQUEST';
}
