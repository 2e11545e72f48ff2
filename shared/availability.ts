import { z } from 'zod';
import type { DayOffRange } from './booking';
import { isCalendarDate, isTimeZone } from './booking-time';

// The owner's days off (content/availability.json): public holidays and vacations, on the
// owner's calendar. The file is optional: without it every weekday is a working day.
//
//   { "daysOff": [ { "date": "2026-12-25", "note": "Christmas Day" },
//                  { "from": "2026-08-03", "to": "2026-08-14", "note": "Vacation" } ],
//     "booking": { "confirmAtOnce": false, "reminderHoursBefore": 24 },
//     "timeZone": "Europe/Lisbon" }
//
// "timeZone" (optional) is where the owner works: the booking hours and days are in it. The
// OWNER_TIMEZONE variable, when set, wins; without either the site runs on New York time.
//
// The booking API publishes only the dates. The AI clone tells visitors the days off ahead with
// their notes ("Thanksgiving: Thursday, November 26"), like an out-of-office reply: keep private
// reasons out of the notes ("Vacation" rather than where or why).

const calendarDate = z.string().refine(isCalendarDate, 'must be a date written yyyy-MM-dd');

const dayOffSchema = z.union([
  z.object({ date: calendarDate, note: z.string().optional() }).strict(),
  z
    .object({ from: calendarDate, to: calendarDate, note: z.string().optional() })
    .strict()
    .refine((range) => range.from <= range.to, '"from" must not come after "to"'),
]);

/**
 * How bookings are handled (optional "booking" in availability.json): whether a booked slot is
 * confirmed at once or waits for the owner's confirmation on the desk (the default), and how many
 * hours before the call the visitor gets a reminder e-mail (0: none).
 */
export const bookingSettingsSchema = z
  .object({
    confirmAtOnce: z.boolean().default(false),
    reminderHoursBefore: z.number().min(0).max(168).default(24),
  })
  .strict();

export type BookingSettings = z.infer<typeof bookingSettingsSchema>;

export const DEFAULT_BOOKING_SETTINGS: BookingSettings = bookingSettingsSchema.parse({});

export const availabilityFileSchema = z
  .object({
    daysOff: z.array(dayOffSchema),
    booking: bookingSettingsSchema.optional(),
    timeZone: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Lisbon').optional(),
  })
  .strict();

export type AvailabilityFile = z.infer<typeof availabilityFileSchema>;

/** A day off or a range of them, with the owner's note ("Thanksgiving"). */
export interface DayOff extends DayOffRange {
  note?: string;
}

/** Every entry as a range, single days included. */
export function toDayOffRanges(file: AvailabilityFile): DayOff[] {
  return file.daysOff.map(({ note, ...entry }) => ({
    ...('date' in entry ? { from: entry.date, to: entry.date } : { from: entry.from, to: entry.to }),
    ...(note ? { note } : {}),
  }));
}
