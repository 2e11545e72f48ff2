import { TZDate } from '@date-fns/tz';
import { SLOT_TIMES } from '../../../../shared/booking';
import { getSlotInstant, listBookableDates } from '../../../../shared/booking-time';
import { describeTimeZone } from '../../../lib/time-zone-name';
import type { Answer } from './answer';
import type { OwnerCalendar } from './answer-day';
import { clockLabel as label, describeGrid, readTime, TIME } from './answer-time';

// "I'm in London: the 2pm slot, what time is that for me?", "can we talk at 3pm CET?": a time of
// day said with another place is converted between that place's clock and the owner's, for the
// next bookable day (summer time starts on different dates on each side of the Atlantic).

// Places and zone abbreviations visitors name, and their time zones.
const PLACES: Array<[RegExp, string, string]> = [
  [/\b(london|uk|britain|england|scotland|bst|gmt)\b/i, 'Europe/London', 'in London'],
  [/\b(dublin|ireland)\b/i, 'Europe/Dublin', 'in Ireland'],
  [/\b(lisbon|portugal)\b/i, 'Europe/Lisbon', 'in Lisbon'],
  [
    /\b(berlin|munich|germany|paris|lyon|france|madrid|barcelona|spain|amsterdam|netherlands|brussels|rome|milan|italy|vienna|zurich|switzerland|stockholm|copenhagen|oslo|warsaw|prague|cet|cest|central europe(an)?)\b/i,
    'Europe/Berlin',
    'Central European Time',
  ],
  [/\b(helsinki|athens|kyiv|eet|eest)\b/i, 'Europe/Helsinki', 'Eastern European Time'],
  [
    /\b(pacific|pt|pst|pdt|california|los angeles|san francisco|seattle|vancouver)\b/i,
    'America/Los_Angeles',
    'Pacific Time',
  ],
  [/\b(mountain|mst|mdt|denver)\b/i, 'America/Denver', 'Mountain Time'],
  [/\b(cst|cdt|chicago|texas|austin|dallas|houston)\b/i, 'America/Chicago', 'Central Time'],
  [/\b(india|ist|bangalore|bengaluru|mumbai|delhi)\b/i, 'Asia/Kolkata', 'in India'],
  [/\b(singapore|sgt)\b/i, 'Asia/Singapore', 'in Singapore'],
  [/\b(tokyo|japan|jst)\b/i, 'Asia/Tokyo', 'in Tokyo'],
  [/\b(sydney|melbourne|aest|aedt)\b/i, 'Australia/Sydney', 'in Sydney'],
  [/\butc\b/i, 'UTC', 'UTC'],
];

const ASKS_FOR_ME = /\b(for me|my time|my end|local time|where i am|over here|my side|for us|our time)\b/i;

/** The answer converting a time of day between the visitor's place and the owner's zone. */
export function answerOtherZone(clause: string, calendar: OwnerCalendar): Answer | undefined {
  const place = PLACES.find(([pattern]) => pattern.test(clause));
  if (!place || place[1] === calendar.ownerTimeZone) return undefined;
  const day = listBookableDates(calendar.now(), calendar.ownerTimeZone, calendar.limits)[0];
  if (!day) return undefined;
  const time = clause.matchAll(TIME).next().value;
  if (!time) return describeFirstOrLast(clause, place, day, calendar.ownerTimeZone);
  const [, zone, placeName] = place;
  const clock = readTime(time);
  if (!clock) return undefined;
  const ownerZone = describeTimeZone(calendar.ownerTimeZone);
  // The time is the visitor's own when the place follows it ("3pm CET", "10am London time").
  const after = clause.slice((time.index ?? 0) + time[0].length, (time.index ?? 0) + time[0].length + 25);
  const before = clause.slice(0, time.index ?? 0);
  // "Your 9am slot", "the 2pm slot": the owner's clock.
  const isOwnersTime = /\byour\s*$/i.test(before) || /^\s*slot/i.test(after);
  const isVisitorsTime = !isOwnersTime && (place[0].test(after) || /^\W*(my|our) time\b/i.test(after));
  if (!isVisitorsTime) {
    if (!ASKS_FOR_ME.test(clause) && !/\bwhat time\b/i.test(clause)) return undefined;
    const instant = getSlotInstant(day, clock, calendar.ownerTimeZone);
    const text = `${label(clock)} ${ownerZone} is ${label(localClock(instant, zone))} ${placeName}.`;
    return answer(text);
  }
  // The visitor's time on the owner's next working day, read on the owner's clock.
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  const instant = new Date(new TZDate(year, month - 1, date, hour, minute, 0, zone).getTime());
  const ownerClock = localClock(instant, calendar.ownerTimeZone);
  const isSlot = (SLOT_TIMES as readonly string[]).includes(ownerClock);
  const text = `${label(clock)} ${placeName} is ${label(ownerClock)} ${ownerZone}, ${
    isSlot
      ? 'which is one of my call slots on every bookable weekday, while still free.'
      : `which isn't one of my call slots: calls start on the hour, ${describeGrid(ownerZone)}.`
  }`;
  return answer(text);
}

/** "I'm in California: what's the latest I could have a call, in my time?" */
function describeFirstOrLast(
  clause: string,
  [, zone, placeName]: [RegExp, string, string],
  day: string,
  ownerTimeZone: string,
): Answer | undefined {
  const asked = /\b(earliest|first)\b/i.test(clause)
    ? 'first'
    : /\b(latest|last)\b/i.test(clause)
      ? 'last'
      : '';
  if (!asked || !/\b(call|slot|book\w*|talk|meet\w*)\b/i.test(clause)) return undefined;
  const clock = asked === 'first' ? SLOT_TIMES[0] : SLOT_TIMES[SLOT_TIMES.length - 1]!;
  const local = label(localClock(getSlotInstant(day, clock, ownerTimeZone), zone));
  const ownerZone = describeTimeZone(ownerTimeZone);
  return answer(
    `My ${asked} call slot starts at ${label(clock)} ${ownerZone}, which is ${local} ${placeName}.`,
  );
}

function answer(text: string): Answer {
  return { text, topic: 'booking', isSalesTopic: true };
}

function localClock(instant: Date, zone: string): string {
  const local = new TZDate(instant.getTime(), zone);
  return `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
}
