// A call the visitor booked from a conversation, as GET /api/conversations/:id/booked-calls
// lists it for the browser that owns the conversation: what the chat's booked-call card shows
// (the call in the owner's and the visitor's zone, add-to-calendar links, what happens next).

export interface BookedCall {
  id: string;
  /** Owner-local "yyyy-MM-dd" and "HH:mm". */
  date: string;
  time: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  ownerTimeZone: string;
  /** The number the owner will call, as the visitor gave it. */
  phoneNumber: string;
  email: string;
  /** False while the owner has not confirmed it: the card, the .ics and the mails say tentative. */
  isConfirmed: boolean;
  /** The visitor's signed page to reschedule or cancel (/booking#token). */
  manageUrl: string;
  /** GET this for the call as an .ics file. */
  calendarFileUrl: string;
  googleCalendarUrl: string;
}

export interface CalendarEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
}

/** 20260309T130000Z: the UTC form both iCalendar and Google Calendar read. */
export function formatCalendarInstant(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** Google Calendar's "add event" page, prefilled; in UTC, so it lands right in any zone. */
export function buildGoogleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${formatCalendarInstant(event.start)}/${formatCalendarInstant(event.end)}`,
    details: event.details,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** A booked call as the visitor's signed link shows it (POST /api/bookings/manage). */
export interface ManagedBooking {
  /** Owner-local "yyyy-MM-dd" and "HH:mm". */
  date: string;
  time: string;
  startsAt: string;
  ownerTimeZone: string;
  ownerName: string;
  status: 'tentative' | 'confirmed' | 'cancelled' | 'past';
  /** After a reschedule: the new link (the old one now shows the cancelled call). */
  manageUrl: string;
  googleCalendarUrl: string;
}
