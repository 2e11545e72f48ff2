import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { format } from 'date-fns/format';
import { isWeekend } from 'date-fns/isWeekend';
import { parseISO } from 'date-fns/parseISO';
import {
  BOOKING_WINDOW_WEEKDAYS,
  SLOT_DURATION_MINUTES,
  SLOT_TIMES,
  type DayOffRange,
  type SlotLimits,
  type SlotTime,
} from './booking';

// Calendar and time-zone arithmetic for the slot grid in booking.ts, shared so the form offers
// exactly the slots the server accepts. Owner-local dates stay "yyyy-MM-dd" strings and become
// instants only through `getSlotInstant`, in the owner's zone; the bookable window and the labels
// are worked out on the owner's calendar too. Kept apart from the request schema
// (booking-contact-request.ts): these are plain date functions with no zod and no error wording,
// used by the server's services and e-mails and by the form's pickers alike.

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

// However many days off there are, the window looks no further than this for its weekdays.
const MAX_WINDOW_DAYS = 366;

/** Whether an owner-local date falls on one of the owner's days off ("yyyy-MM-dd" compare as text). */
export function isDayOff(date: string, daysOff: readonly DayOffRange[]): boolean {
  return daysOff.some((range) => range.from <= date && date <= range.to);
}

/** The first weekday after `date` ("yyyy-MM-dd") that is not a day off: when the owner is back. */
export function firstWorkingDayAfter(date: string, daysOff: readonly DayOffRange[]): string {
  let day = addDays(parseISO(date), 1);
  for (let i = 0; i < MAX_WINDOW_DAYS; i += 1, day = addDays(day, 1)) {
    const candidate = format(day, 'yyyy-MM-dd');
    if (!isWeekend(day) && !isDayOff(candidate, daysOff)) return candidate;
  }
  return format(day, 'yyyy-MM-dd');
}

/** The earliest instant a call may start: `now` plus the minimum notice. */
export function getEarliestStart(now: Date, minNoticeHours: number): Date {
  return addHours(now, minNoticeHours);
}

export interface OfferedSlot {
  date: string;
  time: SlotTime;
  startsAt: Date;
}

/**
 * The slots of one owner-local date (booked or not) that start after `now` and at least the
 * minimum notice ahead; none on a day off.
 */
export function listSlotsForDate(
  date: string,
  now: Date,
  ownerTimeZone: string,
  limits: SlotLimits,
): OfferedSlot[] {
  if (isDayOff(date, limits.daysOff)) return [];
  const earliest = Math.max(now.getTime() + 1, getEarliestStart(now, limits.minNoticeHours).getTime());
  return SLOT_TIMES.map((time) => ({
    date,
    time,
    startsAt: getSlotInstant(date, time, ownerTimeZone),
  })).filter((slot) => slot.startsAt.getTime() >= earliest);
}

/**
 * The next 10 bookable weekdays from today on the owner's calendar: weekdays that are not days
 * off and still have a slot far enough ahead. Always 10, whatever the hour, unless days off
 * fill most of the coming year.
 */
export function listBookableDates(now: Date, ownerTimeZone: string, limits: SlotLimits): string[] {
  const dates: string[] = [];
  let day = new TZDate(now, ownerTimeZone);
  for (let i = 0; i < MAX_WINDOW_DAYS && dates.length < BOOKING_WINDOW_WEEKDAYS; i += 1) {
    const date = format(day, 'yyyy-MM-dd');
    if (!isWeekend(day) && listSlotsForDate(date, now, ownerTimeZone, limits).length > 0) dates.push(date);
    day = addDays(day, 1);
  }
  return dates;
}

/** Every slot in the window (booked or not). */
export function listOfferedSlots(now: Date, ownerTimeZone: string, limits: SlotLimits): OfferedSlot[] {
  return listBookableDates(now, ownerTimeZone, limits).flatMap((date) =>
    listSlotsForDate(date, now, ownerTimeZone, limits),
  );
}

// --- labels ------------------------------------------------------------------------------------

/** "ET" or "PT" where a short generic name exists, else "GMT+9" and the like. */
export function getZoneAbbreviation(timeZone: string, at: Date): string {
  const generic = getZoneName(timeZone, at, 'shortGeneric');
  return /^[A-Z]{2,5}$/.test(generic) ? generic : getZoneName(timeZone, at, 'short');
}

type ZoneNameStyle = 'short' | 'shortGeneric' | 'longGeneric';
/**
 * One formatter per zone and style, kept: building an Intl.DateTimeFormat costs far more than
 * using one, and the contact requests' CSV labels thousands of slots in one zone.
 */
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function getZoneName(timeZone: string, at: Date, style: ZoneNameStyle): string {
  const key = `${style} ${timeZone}`;
  let formatter = zoneNameFormats.get(key);
  if (!formatter) {
    // The hour forces engines that would otherwise leave the zone name out to write it.
    formatter = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone, timeZoneName: style });
    zoneNameFormats.set(key, formatter);
  }
  return formatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "Monday, Mar 9" ("EEEE, MMM d") for an owner-local date. */
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

/** "9 AM", "6:30 PM": the short clock the time options use, so they fit a phone's select. */
function formatShortClock(instant: Date, timeZone: string, withWeekday: boolean): string {
  const local = new TZDate(instant, timeZone);
  const clock = format(local, local.getMinutes() === 0 ? 'h a' : 'h:mm a');
  return withWeekday ? `${format(local, 'EEE')} ${clock}` : clock;
}

/** From 10 PM to before 6 AM: when a call would wake or keep the visitor up. */
export function isNightAt(instant: Date, timeZone: string): boolean {
  const hour = new TZDate(instant, timeZone).getHours();
  return hour < 6 || hour >= 22;
}

/** The sign a slot's option carries when it falls at night for the visitor. */
export const NIGHT_MARK = '☾';

/**
 * The option text, short enough for a phone: "9 AM ET", or "9 AM ET · 3 PM your time", with
 * the visitor's weekday when the call falls on another day there ("5 PM ET · Tue 7 AM your time")
 * and NIGHT_MARK when it falls at night there ("9 AM ET · 11 PM your time ☾").
 */
export function formatSlotLabel(
  date: string,
  time: string,
  ownerTimeZone: string,
  visitorTimeZone: string,
  /** For the narrowest phones: "5 PM ET · Tue 7 AM", the form's hint says which time is whose. */
  isCompact = false,
): string {
  const start = getSlotInstant(date, time, ownerTimeZone);
  const owner = `${formatShortClock(start, ownerTimeZone, false)} ${getZoneAbbreviation(ownerTimeZone, start)}`;
  if (formatVisitorTime(date, time, ownerTimeZone, visitorTimeZone) === null) return owner;
  const isSameDay =
    format(new TZDate(start, ownerTimeZone), 'yyyy-MM-dd') ===
    format(new TZDate(start, visitorTimeZone), 'yyyy-MM-dd');
  const night = isNightAt(start, visitorTimeZone) ? ` ${NIGHT_MARK}` : '';
  const suffix = isCompact ? '' : ' your time';
  return `${owner} · ${formatShortClock(start, visitorTimeZone, !isSameDay)}${suffix}${night}`;
}

/** The minimum notice in words: "2 hours", "1 hour", "30 minutes". */
export function describeNotice(hours: number): string {
  if (hours < 1) return `${Math.round(hours * 60)} minutes`;
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** A zone named for people: "Central European Time (Berlin)", "Coordinated Universal Time". */
export function describeTimeZone(timeZone: string, at: Date): string {
  if (/^(Etc\/)?(UTC|GMT)$/.test(timeZone)) return 'Coordinated Universal Time (UTC)';
  const name = getZoneName(timeZone, at, 'longGeneric');
  const city = timeZone.includes('/') ? timeZone.split('/').pop()?.replace(/_/g, ' ') : undefined;
  return city && !name.includes(city) ? `${name} (${city})` : name;
}

/**
 * The preferredTime stored for a booked slot: weekday, month and day plus the slot in the
 * owner's time ("Monday, Mar 9 at 9:00 AM ET"). The server stores this canonical text, so what
 * the owner reads always matches the slot.
 */
export function composePreferredTime(date: string, time: string, ownerTimeZone: string): string {
  return `${formatDateLabel(date)} at ${formatOwnerTime(date, time, ownerTimeZone)}`;
}

// Intl.DateTimeFormat brings ICU's date formatting into memory (about 8 MB resident); the list of
// canonical zones does not, so a canonical zone is checked against it and only an alias ('UTC',
// 'US/Eastern') is tried on a formatter.
let canonicalZones: Set<string> | undefined;
/** An IANA time zone this runtime knows ("Europe/Lisbon"). */
export const isTimeZone = (zone: string) => {
  if ((canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'))).has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
