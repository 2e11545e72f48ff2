import { TZDate, tzName } from '@date-fns/tz';
import { addDays, format, isWeekend } from 'date-fns';
import { z } from 'zod';

// Call booking rules shared by the contact form and the server (SPEC.md sections 2, 5 and 9).
//
// A slot is an owner-local calendar date plus an hour in OWNER_TIMEZONE: "2026-03-09" + "09:00"
// in America/New_York. That pair is what the API carries and what the unique index keeps
// exclusive; `getSlotInstant` turns it into the one instant it denotes, which is the same for
// every visitor wherever they are. The bookable window (the next 10 weekdays starting today) is
// counted on the owner's calendar too, so the dates offered and the slots on them always agree;
// visitors see each slot in their own time beside the owner's.

export const SLOT_TIMES = ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'] as const;
export type SlotTime = (typeof SLOT_TIMES)[number];
export const SLOT_DURATION_MINUTES = 60;
export const BOOKING_WINDOW_WEEKDAYS = 10;
export const DEFAULT_OWNER_TIMEZONE = 'America/New_York';

export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PHONE_LENGTH = 30;
export const MAX_PREFERRED_TIME_LENGTH = 200;
export const MAX_PURPOSE_LENGTH = 2000;

/** A booked slot as GET /api/bookings/slots lists it: owner-local, nothing about who booked. */
export interface BookedSlot {
  date: string;
  time: string;
}

/** GET /api/bookings/config: what the form needs to offer the owner's slots. */
export interface BookingConfig {
  ownerTimeZone: string;
  slotTimes: readonly string[];
  windowWeekdays: number;
}

/** The stored request as POST /api/contact-requests answers it (timestamps as ISO strings). */
export interface ContactRequestView {
  id: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  preferredTime: string | null;
  purpose: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  scheduledAt: string | null;
  conversationId: string | null;
  isConfirmed: boolean;
  createdAt: string;
  cancelledAt: string | null;
}

// --- dates and instants ------------------------------------------------------------------------

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "yyyy-MM-dd" that names a real calendar day (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** A calendar date as a local Date at midnight, for formatting and weekday checks only. */
export function parseCalendarDate(value: string): Date {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1);
}

/** The owner's calendar date ("yyyy-MM-dd") at this instant. */
export function getOwnerDate(instant: Date, ownerTimeZone: string): string {
  return format(new TZDate(instant, ownerTimeZone), 'yyyy-MM-dd');
}

/** The exact instant an owner-local slot starts. */
export function getSlotInstant(date: string, time: string, ownerTimeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const local = new TZDate(
    year ?? 1970,
    (month ?? 1) - 1,
    day ?? 1,
    hours ?? 0,
    minutes ?? 0,
    0,
    ownerTimeZone,
  );
  return new Date(local.getTime());
}

export function getSlotEnd(start: Date): Date {
  return new Date(start.getTime() + SLOT_DURATION_MINUTES * 60_000);
}

/** The next 10 weekdays starting today, on the owner's calendar. */
export function listBookableDates(now: Date, ownerTimeZone: string): string[] {
  const dates: string[] = [];
  let day = new TZDate(now, ownerTimeZone);
  while (dates.length < BOOKING_WINDOW_WEEKDAYS) {
    if (!isWeekend(day)) dates.push(format(day, 'yyyy-MM-dd'));
    day = addDays(day, 1);
  }
  return dates;
}

export interface OfferedSlot {
  date: string;
  time: SlotTime;
  startsAt: Date;
}

/** The slots of one owner-local date that have not started yet (booked or not). */
export function listSlotsForDate(date: string, now: Date, ownerTimeZone: string): OfferedSlot[] {
  return SLOT_TIMES.map((time) => ({
    date,
    time,
    startsAt: getSlotInstant(date, time, ownerTimeZone),
  })).filter((slot) => slot.startsAt.getTime() > now.getTime());
}

/** Every slot in the window that has not started yet; dates without any are left out. */
export function listOfferedSlots(now: Date, ownerTimeZone: string): OfferedSlot[] {
  return listBookableDates(now, ownerTimeZone).flatMap((date) => listSlotsForDate(date, now, ownerTimeZone));
}

export interface SlotProblem {
  field: 'scheduledDate' | 'scheduledTime';
  message: string;
}

/** Why this owner-local slot cannot be booked now, or null when it can. */
export function checkSlot(date: string, time: string, now: Date, ownerTimeZone: string): SlotProblem | null {
  if (!isCalendarDate(date)) return { field: 'scheduledDate', message: 'Please choose a valid date.' };
  if (!(SLOT_TIMES as readonly string[]).includes(time))
    return { field: 'scheduledTime', message: SLOT_TIME_MESSAGE };
  if (isWeekend(parseCalendarDate(date)))
    return { field: 'scheduledDate', message: 'Calls can only be booked on weekdays.' };
  if (!listBookableDates(now, ownerTimeZone).includes(date))
    return {
      field: 'scheduledDate',
      message: `Please choose one of the next ${BOOKING_WINDOW_WEEKDAYS} weekdays.`,
    };
  if (getSlotInstant(date, time, ownerTimeZone).getTime() <= now.getTime())
    return { field: 'scheduledTime', message: 'This time has already passed. Please choose a later time.' };
  return null;
}

// --- labels ------------------------------------------------------------------------------------

/** "ET" or "PT" where a short generic name exists, else "GMT+9" and the like. */
export function getZoneAbbreviation(timeZone: string, at: Date): string {
  const generic = tzName(timeZone, at, 'shortGeneric');
  return /^[A-Z]{2,5}$/.test(generic) ? generic : tzName(timeZone, at, 'short');
}

/** "Monday, Mar 9" for an owner-local date (SPEC.md: "EEEE, MMM d"). */
export function formatDateLabel(date: string): string {
  return format(parseCalendarDate(date), 'EEEE, MMM d');
}

/** "9:00 AM ET" */
export function formatOwnerTime(date: string, time: string, ownerTimeZone: string): string {
  const start = getSlotInstant(date, time, ownerTimeZone);
  return `${format(new TZDate(start, ownerTimeZone), 'h:mm a')} ${getZoneAbbreviation(ownerTimeZone, start)}`;
}

/**
 * The visitor's own time for the slot when it reads differently from the owner's: "3:00 PM", or
 * "Tue 6:00 AM" when it falls on another day there. Null when the visitor shares the owner's clock.
 */
export function formatVisitorTime(
  date: string,
  time: string,
  ownerTimeZone: string,
  visitorTimeZone: string,
): string | null {
  const start = getSlotInstant(date, time, ownerTimeZone);
  const owner = new TZDate(start, ownerTimeZone);
  const visitor = new TZDate(start, visitorTimeZone);
  if (format(owner, 'yyyy-MM-dd HH:mm') === format(visitor, 'yyyy-MM-dd HH:mm')) return null;
  const sameDay = format(owner, 'yyyy-MM-dd') === format(visitor, 'yyyy-MM-dd');
  return format(visitor, sameDay ? 'h:mm a' : 'EEE h:mm a');
}

/** The option text: "9:00 AM ET" or "9:00 AM ET - 3:00 PM your time". */
export function formatSlotLabel(
  date: string,
  time: string,
  ownerTimeZone: string,
  visitorTimeZone: string,
): string {
  const owner = formatOwnerTime(date, time, ownerTimeZone);
  const visitor = formatVisitorTime(date, time, ownerTimeZone, visitorTimeZone);
  return visitor ? `${owner} - ${visitor} your time` : owner;
}

/**
 * The preferredTime stored for a booked slot: weekday, month and day plus the slot in the
 * owner's time ("Monday, Mar 9 at 9:00 AM ET"). The server stores this canonical text, so what
 * the owner reads always matches the slot.
 */
export function composePreferredTime(date: string, time: string, ownerTimeZone: string): string {
  return `${formatDateLabel(date)} at ${formatOwnerTime(date, time, ownerTimeZone)}`;
}

// --- the contact request schema ------------------------------------------------------------------

const SLOT_TIME_MESSAGE = `Calls start at ${SLOT_TIMES.join(', ')} (owner's time). Please choose one of those times.`;

// JSON clients and forms both say "not chosen" in several ways: absent, null or ''.
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text.` })
      .trim()
      .max(max, `${label} is too long (at most ${max} characters).`)
      .optional(),
  );

/** Digits, spaces and + ( ) . - only, 7 to 15 digits (E.164 allows at most 15). */
export function isPlausiblePhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * The payload of POST /api/contact-requests, as the form validates it before sending and the
 * server after receiving. Slot rules that depend on the clock are added by
 * `createContactRequestSchema`.
 */
export const contactRequestSchema = z
  .object({
    fullName: z
      .string({ error: 'Please enter your full name.' })
      .trim()
      .min(1, 'Please enter your full name.')
      .max(MAX_NAME_LENGTH, `Your name is too long (at most ${MAX_NAME_LENGTH} characters).`),
    phoneNumber: z
      .string({ error: 'Please enter your phone number.' })
      .trim()
      .min(1, 'Please enter your phone number.')
      .max(MAX_PHONE_LENGTH, 'Please enter a valid phone number.')
      .refine(isPlausiblePhoneNumber, 'Please enter a valid phone number, e.g. +1 555 123 4567.'),
    email: z
      .string({ error: 'Please enter your e-mail address.' })
      .trim()
      .min(1, 'Please enter your e-mail address.')
      .max(MAX_EMAIL_LENGTH, 'Please enter a valid e-mail address.')
      .pipe(z.email('Please enter a valid e-mail address.')),
    preferredTime: optionalText(MAX_PREFERRED_TIME_LENGTH, 'Preferred time'),
    purpose: optionalText(MAX_PURPOSE_LENGTH, 'Purpose'),
    scheduledDate: z.preprocess(
      blankToUndefined,
      z
        .string({ error: 'Please choose a valid date.' })
        .refine(isCalendarDate, 'Please choose a valid date.')
        .optional(),
    ),
    scheduledTime: z.preprocess(
      blankToUndefined,
      z.enum(SLOT_TIMES, { error: SLOT_TIME_MESSAGE }).optional(),
    ),
    conversationId: z.preprocess(
      blankToUndefined,
      z.uuid({ error: 'The conversation id is not valid.' }).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.scheduledDate) !== Boolean(value.scheduledTime))
      ctx.addIssue({
        code: 'custom',
        path: [value.scheduledDate ? 'scheduledTime' : 'scheduledDate'],
        message: 'Please choose both a date and a time, or neither.',
      });
  });

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestPayload = z.output<typeof contactRequestSchema>;

/** The payload schema plus the slot rules as of `now` in the owner's zone. */
export function createContactRequestSchema({ now, ownerTimeZone }: { now: Date; ownerTimeZone: string }) {
  return contactRequestSchema.superRefine((value, ctx) => {
    if (!value.scheduledDate || !value.scheduledTime) return;
    const problem = checkSlot(value.scheduledDate, value.scheduledTime, now, ownerTimeZone);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}
