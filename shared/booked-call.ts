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
  isConfirmed: boolean;
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
