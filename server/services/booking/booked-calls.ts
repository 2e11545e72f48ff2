import { buildGoogleCalendarUrl, type BookedCall, type CalendarEvent } from '../../../shared/booked-call';
import { getSlotEnd } from '../../../shared/booking-time';
import type { ContactRequest } from '../../../shared/schema';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { getPublicBaseUrl } from '../../lib/public-url';
import { listActiveBookingsForConversation } from '../../storage/contact-requests';
import { requireOwnedConversation } from '../chat/conversations';
import { buildCalendarInvite } from '../mail/calendar-invite';
import { getFromAddress } from '../mail/mail-delivery';
import type { BookingContext } from './booking-context';
import { createManageToken, getManageUrl } from './manage-token';

// The calls booked from a conversation, for the browser that started it: the chat shows each as
// a card that survives a reload, with the call as an .ics file and a Google Calendar link. The
// conversation's owner check is the only gate: another browser, or no cookie, gets the same 404
// as an unknown id.

type Context = Pick<BookingContext, 'database' | 'env' | 'content' | 'now' | 'sessionSecret'>;

const CALL_NOT_FOUND = 'This booked call does not exist.';

/** What the visitor's calendar says about the call: their view, not the owner's. */
export function describeCallEvent(row: ContactRequest, start: Date, ownerName: string): CalendarEvent {
  return {
    title: `Phone call with ${ownerName}`,
    start,
    end: getSlotEnd(start),
    details: [
      `${ownerName} will call you at ${row.phoneNumber}.`,
      row.purpose ? `Purpose: ${row.purpose}` : undefined,
    ]
      .filter(Boolean)
      .join('\n'),
  };
}

function toBookedCall(
  row: ContactRequest,
  conversationId: string,
  context: Context,
  secret: string,
): BookedCall {
  const start = row.scheduledAt!;
  const event = describeCallEvent(row, start, context.content.profile.name);
  return {
    id: row.id,
    date: row.scheduledDate!,
    time: row.scheduledTime!,
    startsAt: start.toISOString(),
    endsAt: event.end.toISOString(),
    ownerTimeZone: context.env.OWNER_TIMEZONE,
    phoneNumber: row.phoneNumber,
    email: row.email,
    isConfirmed: row.isConfirmed,
    manageUrl: getManageUrl('', createManageToken(secret, row.id)),
    calendarFileUrl: `/api/conversations/${conversationId}/booked-calls/${row.id}/calendar.ics`,
    googleCalendarUrl: buildGoogleCalendarUrl(event),
  };
}

async function listOwnedBookings(
  context: Context,
  conversationId: string,
  browserKeyHash: string | undefined,
) {
  const { db } = context.database;
  await requireOwnedConversation(db, conversationId, browserKeyHash);
  // A call stays listed until it has ended.
  const since = new Date(context.now().getTime() - 60 * 60_000);
  return listActiveBookingsForConversation(db, conversationId, since);
}

/** The conversation's calls that are booked and not yet over, soonest first. */
export async function listBookedCalls(
  context: Context,
  conversationId: string,
  browserKeyHash: string | undefined,
): Promise<BookedCall[]> {
  const rows = await listOwnedBookings(context, conversationId, browserKeyHash);
  const secret = await context.sessionSecret.load();
  return rows.map((row) => toBookedCall(row, conversationId, context, secret));
}

/** One booked call as an iCalendar file for the visitor's calendar, with its file name. */
export async function getBookedCallCalendar(
  context: Context,
  conversationId: string,
  callId: string,
  browserKeyHash: string | undefined,
): Promise<{ fileName: string; content: string }> {
  if (!isUuid(callId)) throw notFound(CALL_NOT_FOUND);
  const rows = await listOwnedBookings(context, conversationId, browserKeyHash);
  const row = rows.find((candidate) => candidate.id === callId);
  if (!row) throw notFound(CALL_NOT_FOUND);
  const ownerName = context.content.profile.name;
  const event = describeCallEvent(row, row.scheduledAt!, ownerName);
  const baseUrl = getPublicBaseUrl(context.env);
  const content = buildCalendarInvite({
    // The e-mailed invitation's uid, so a calendar that has both keeps one event.
    uid: `${row.id}@${new URL(baseUrl).hostname || 'localhost'}`,
    start: event.start,
    end: event.end,
    stampedAt: row.createdAt,
    summary: event.title,
    description: event.details,
    url: baseUrl,
    organizer: { name: ownerName, email: context.env.OWNER_EMAIL ?? getFromAddress(context.env) },
    productId: `-//${ownerName}//Call booking//EN`,
    isPublished: true,
    isTentative: !row.isConfirmed,
  });
  return { fileName: `call-with-${row.scheduledDate}.ics`, content };
}
