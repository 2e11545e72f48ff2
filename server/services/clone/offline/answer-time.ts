import { SLOT_DURATION_MINUTES, SLOT_TIMES } from '../../../../shared/booking';
import { describeTimeZone } from '../../../lib/time-zone-name';
import type { ReplyChannel } from '../chat-model';
import type { Answer } from './answer';
import { capitalise, type OwnerCalendar } from './answer-day';

// "Can I book the call for 12:30 or 1 pm?", "is there a slot at 4pm?": a question about a time of
// day is answered from the slot grid (calls start on the hour, in the owner's zone), not from
// whichever sentence shares its words.

const ASKS_ABOUT_A_CALL =
  /\b(call\w*|book\w*|slots?|meet\w*|talk|speak|chat|schedul\w*|available|free|llamad\w*|reserv\w*|anruf\w*|termin\w*|gespr[aä]ch\w*|appel\w*|rendez-vous)\b/i;
// A time in another zone than the owner's is left to the general answer, which names the zone.
const OTHER_ZONE =
  /\b(pt|pst|pdt|ct|cst|cdt|mt|mst|cet|cest|gmt|utc|bst|ist|aest|pacific|central|mountain|london|berlin|paris|madrid|europe\w*|uk|my time)\b/i;
/** A time of day as visitors write it: "4pm", "12:30", "noon". */
export const TIME =
  /\b(\d{1,2})(?::([0-5]\d))?\s*([ap])\.?\s?m\b\.?|\b(\d{1,2}):([0-5]\d)\b|\b(noon|midday)\b/gi;

const ASKS_FIRST_OR_LAST =
  /\b(earliest|latest|first|last)\b.{0,20}\b(time|slot|hour|call)s?\b|\bhow (early|late)\b/i;

/** The answer for the times of day a clause asks about, or undefined when it names none. */
export function answerTime(
  clause: string,
  calendar: Pick<OwnerCalendar, 'ownerTimeZone'>,
  channel: ReplyChannel = 'chat',
): Answer | undefined {
  if (!ASKS_ABOUT_A_CALL.test(clause) || OTHER_ZONE.test(clause)) return undefined;
  // "What's the earliest time I can book?": the first and last slots of the day.
  if (
    ASKS_FIRST_OR_LAST.test(clause) &&
    /\b(book|schedul|slots?\b|can (i|we)\b|available|offer)/i.test(clause)
  ) {
    const grid = describeGrid(describeTimeZone(calendar.ownerTimeZone));
    return { text: `Calls start on the hour, ${grid}.`, topic: 'booking', isSalesTopic: true };
  }
  const asked = [
    ...new Set(Array.from(clause.matchAll(TIME), readTime).filter((time) => time !== undefined)),
  ];
  if (asked.length === 0 || asked.length > 3) return undefined;
  const offered = new Set<string>(SLOT_TIMES);
  const missing = asked.filter((time) => !offered.has(time));
  const grid = `calls start on the hour, ${describeGrid(describeTimeZone(calendar.ownerTimeZone))}`;
  const where = channel === 'voice' ? 'on the booking form of my site' : 'in the booking form';
  const text =
    missing.length === 0
      ? `Yes: ${grid}, so ${listTimes(asked)} ${asked.length > 1 ? 'are slots' : 'is a slot'} on every bookable weekday, while still free.`
      : `${capitalise(grid)}, so ${listTimes(missing)} ${missing.length > 1 ? "aren't" : "isn't"} offered. If no slot fits, write the time that suits you ${where}.`;
  return { text, topic: 'booking', isSalesTopic: true };
}

/** "13:00" for "1 pm", "12:30" for "12:30"; bare hours from 1 to 7 are afternoon hours. */
export function readTime(match: RegExpMatchArray): string | undefined {
  const [, hour12, minute12 = '00', meridiem, hour24, minute24, noon] = match;
  if (noon) return '12:00';
  let hour = Number(hour12 ?? hour24);
  const minute = hour12 ? minute12 : (minute24 ?? '00');
  if (hour12) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem!.toLowerCase() === 'p' ? 12 : 0);
  } else if (hour >= 1 && hour <= 7) hour += 12;
  if (hour > 23) return undefined;
  return `${String(hour).padStart(2, '0')}:${minute}`;
}

/** "from 9 AM to 11 AM and from 2 PM to 5 PM Eastern Time (the last ends at 6 PM)". */
export function describeGrid(zone: string): string {
  const hours = SLOT_TIMES.map((time) => Number(time.slice(0, 2)));
  const runs: Array<[number, number]> = [];
  for (const hour of hours) {
    const last = runs.at(-1);
    if (last && last[1] === hour - 1) last[1] = hour;
    else runs.push([hour, hour]);
  }
  const clock = (hour: number) => `${hour % 12 || 12} ${hour < 12 ? 'AM' : 'PM'}`;
  const spans = runs.map(([from, to]) =>
    from === to ? `at ${clock(from)}` : `from ${clock(from)} to ${clock(to)}`,
  );
  const end = clock((hours.at(-1) ?? 17) + SLOT_DURATION_MINUTES / 60);
  return `${spans.join(' and ')} ${zone} (the last ends at ${end})`;
}

/** "12:30 PM and 1 PM". */
function listTimes(times: string[]): string {
  const labels = times.map(clockLabel);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0]!;
}

/** "7 PM", "12:30 PM" for "19:00", "12:30". */
export function clockLabel(clock: string): string {
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}
