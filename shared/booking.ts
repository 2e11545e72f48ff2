// Call booking rules shared by the contact form and the server.
//
// A slot is an owner-local calendar date plus an hour in OWNER_TIMEZONE: "2026-03-09" + "09:00"
// in America/New_York. That pair is what the API carries and what the unique index keeps
// exclusive; `getSlotInstant` (booking-time.ts) turns it into the one instant it denotes, which
// is the same for every visitor wherever they are. The bookable window (the next 10 weekdays,
// starting today, that are not days off and still have a slot far enough ahead) is counted on
// the owner's calendar too, so the dates offered and the slots on them always agree; visitors
// see each slot in their own time beside the owner's.
//
// The rules sit in three files, each importing only the ones before it, so there is no cycle:
// this one holds the slot grid and the shapes the booking endpoints answer with; booking-time.ts
// the calendar and time-zone arithmetic on that grid, and its labels; booking-contact-request.ts
// the request payload schema and the reasons a chosen slot is refused.

export const SLOT_TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'] as const;
export type SlotTime = (typeof SLOT_TIMES)[number];
export const SLOT_DURATION_MINUTES = 60;
export const BOOKING_WINDOW_WEEKDAYS = 10;
export const DEFAULT_OWNER_TIMEZONE = 'America/New_York';
export const DEFAULT_MIN_NOTICE_HOURS = 2;

/** Owner-local dates on which no call is booked, both ends included ("yyyy-MM-dd"). */
export interface DayOffRange {
  from: string;
  to: string;
}

/**
 * What limits the slot grid besides the clock: calls start at least `minNoticeHours` ahead, and
 * never on the owner's days off (content/availability.json).
 */
export interface SlotLimits {
  minNoticeHours: number;
  daysOff: readonly DayOffRange[];
}

/** A booked slot as GET /api/bookings/slots lists it: owner-local, nothing about who booked. */
export interface BookedSlot {
  date: string;
  time: string;
}

/** GET /api/bookings/config: what the form needs to offer the owner's slots. */
export interface BookingConfig extends SlotLimits {
  ownerTimeZone: string;
  slotTimes: readonly string[];
  windowWeekdays: number;
  /** Whether the site sends e-mail (SMTP configured): only then is a confirmation promised. */
  isMailConfigured: boolean;
}
