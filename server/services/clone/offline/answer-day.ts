import * as de from 'chrono-node/de';
import * as en from 'chrono-node/en';
import type { ParsedResult } from 'chrono-node/en';
import * as es from 'chrono-node/es';
import * as fr from 'chrono-node/fr';
import { format, isWeekend, parseISO } from 'date-fns';
import type { SlotLimits } from '../../../../shared/booking';
import { getOwnerDate, listBookableDates } from '../../../../shared/booking-time';
import type { DayOff } from '../../../../shared/availability';
import type { ReplyChannel } from '../chat-model';
import type { Answer } from './answer';
import { foldAccents, type Language } from './language';

// "Could we talk on December 28?", "are you working the day after Thanksgiving?", "¿estás libre el
// 28 de diciembre?": a question about one day is answered from the owner's calendar (days off,
// weekends, the booking window), not from whichever sentence shares its words.

/** What the clone needs to answer for a day: the owner's zone, days off and notice, and the clock. */
export interface OwnerCalendar {
  ownerTimeZone: string;
  limits: Omit<SlotLimits, 'daysOff'> & { daysOff: readonly DayOff[] };
  now: () => Date;
}

const PARSERS: Record<Language, typeof en.casual> = {
  en: en.casual,
  es: es.casual,
  de: de.casual,
  fr: fr.casual,
};

// The question is about the owner's time, not a project's start date or a deadline.
const ASKS_ABOUT_TIME =
  /\b(available|availability|free|open|work\w*|off|around|reach\w*|call\w*|talk\w*|speak\w*|meet\w*|chat|book\w*|schedul\w*|slots?|holidays?|vacation|in the office|disponibles?|libres?|trabaj\w*|llam\w*|habl\w*|reuni\w*|zeit|verf[uü]gbar|erreichbar|arbeit\w*|anruf\w*|termin\w*|sprech\w*|telefon\w*|frei|travaill\w*|appel\w*|parl\w*|rendez-vous|joignable)\b/i;
// "When is your winter break?" asks for a date rather than about one.
const ASKS_ABOUT_SOMETHING_ELSE =
  /\b(start|begin|kick ?off|deliver|deadline|launch|finish|due|go live|when|cu[aá]ndo|wann|quand)\b/i;

// Days the owner's notes may not name, by the names visitors use (month-day).
const WELL_KNOWN_DAYS: Array<[RegExp, string]> = [
  [/\bchristmas eve\b|\bnochebuena\b|\bheiligabend\b|\br[eé]veillon de no[eë]l\b/i, '12-24'],
  [/\bchristmas\b|\bxmas\b|\bnavidad\b|\bweihnacht\w*\b|\bno[eë]l\b/i, '12-25'],
  [/\bnew year'?s eve\b|\bnochevieja\b|\bsilvester\b|\bsaint-sylvestre\b/i, '12-31'],
  [/\bnew year'?s( day)?\b|\ba[nñ]o nuevo\b|\bneujahr\b|\bjour de l'an\b/i, '01-01'],
];

/**
 * The answer for the one day a clause asks about, or undefined when it names no single day or is
 * not about the owner's time. After questions about a day (`earlierQuestions`, latest first), "and
 * December 28?" asks the same of another day.
 */
export function answerDay(
  clause: string,
  language: Language,
  calendar: OwnerCalendar,
  { channel = 'chat', earlierQuestions = [] }: { channel?: ReplyChannel; earlierQuestions?: string[] } = {},
): Answer | undefined {
  if (ASKS_ABOUT_SOMETHING_ELSE.test(clause)) return undefined;
  const now = calendar.now();
  const today = getOwnerDate(now, calendar.ownerTimeZone);
  const asksAboutTime = (text: string) => ASKS_ABOUT_TIME.test(text) && !ASKS_ABOUT_SOMETHING_ELSE.test(text);
  const namesADay = (text: string) =>
    findAskedDays(text, language, today, calendar.limits.daysOff).length > 0;
  // Earlier questions, latest first, that each named a day, one of them asking about the owner's time.
  const followsADay = () => {
    for (const earlier of earlierQuestions) {
      if (!namesADay(earlier)) return false;
      if (asksAboutTime(earlier)) return true;
    }
    return false;
  };
  if (!asksAboutTime(clause) && !followsADay()) return undefined;
  const days = findAskedDays(clause, language, today, calendar.limits.daysOff);
  if (days.length === 0) return undefined;
  const text = days.map((day) => describeDay(day, today, now, calendar, channel)).join('\n\n');
  return { text, topic: 'availability', isSalesTopic: true };
}

// "Monday, Tuesday or Wednesday?" gets an answer for each; a longer list is no longer one question.
const MAX_DAYS = 3;

/** The days a clause names ("yyyy-MM-dd"): a day off by its note, a well-known holiday, or dates. */
function findAskedDays(
  clause: string,
  language: Language,
  today: string,
  daysOff: readonly DayOff[],
): string[] {
  const byNote = findDayOffByNote(clause, today, daysOff);
  if (byNote) return [byNote];
  const thisYear = Number(today.slice(0, 4));
  for (const [name, monthDay] of WELL_KNOWN_DAYS) {
    if (!name.test(clause)) continue;
    const date = `${thisYear}-${monthDay}`;
    return [date >= today ? date : `${thisYear + 1}-${monthDay}`];
  }
  // Noon of the owner's today, on the process's clock: chrono reads and returns local dates.
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  const reference = new Date(year, month - 1, dayOfMonth, 12);
  const pointsAtWeekday = Array.from(
    clause.toLowerCase().matchAll(/\b(?:on|this|next|coming|el|am|le|ce)\s+(\p{L}+)/gu),
  ).some(([, word]) => WEEKDAY.test(word!));
  const named = PARSERS[language]
    .parse(clause, reference, { forwardDate: true })
    .filter((result) => namesOneDay(result, pointsAtWeekday))
    .map((result) => format(result.start.date(), 'yyyy-MM-dd'));
  const days = [...new Set(named)];
  if (days.length > MAX_DAYS) return [];
  if (days.length > 0) return days;
  const dayOfMonthAhead = findDayOfMonth(clause, today);
  return dayOfMonthAhead ? [dayOfMonthAhead] : [];
}

const WEEKDAY =
  /^(mon|tues?|wed(nes)?|thu(rs)?|fri|sat(ur)?|sun)(day)?$|^(lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)$/;

/**
 * Whether what chrono read names one day: a date with its number ("December 28", "12/28"),
 * "tomorrow", or a weekday in a clause that points at one ("on Friday", "next Monday or
 * Tuesday"), not "a Friday slot", "these days" or "from today".
 */
function namesOneDay({ start, text }: ParsedResult, pointsAtWeekday: boolean): boolean {
  if (/\b(tomorrow|ma[nñ]ana|morgen|demain)\b/i.test(text)) return true;
  // "Now", "these days" and "a week" are certain days to chrono, but no day a visitor asks about.
  if (/\d/.test(text)) return start.isCertain('day') && start.isCertain('month');
  return pointsAtWeekday && start.isCertain('weekday');
}

/** "The 2nd", which chrono leaves alone: that day of this month, or of the next once it has passed. */
function findDayOfMonth(clause: string, today: string): string | undefined {
  const day = Number(/\bthe (\d{1,2})(?:st|nd|rd|th)\b/i.exec(clause)?.[1] ?? 0);
  if (day < 1 || day > 31) return undefined;
  const [year, month] = today.split('-').map(Number) as [number, number];
  for (const offset of [0, 1, 2]) {
    const candidate = new Date(year, month - 1 + offset, day, 12);
    const date = format(candidate, 'yyyy-MM-dd');
    // The 31st of a shorter month rolls over: that month has no such day.
    if (candidate.getDate() === day && date >= today) return date;
  }
  return undefined;
}

/**
 * A day off the clause names by its note ("the day after Thanksgiving"): the note with the most
 * words in the clause wins, and of its dates the next one still ahead.
 */
function findDayOffByNote(clause: string, today: string, daysOff: readonly DayOff[]): string | undefined {
  const words = new Set(noteWords(clause));
  let best: { date: string; size: number } | undefined;
  for (const range of daysOff) {
    const note = noteWords(range.note ?? '');
    if (note.length === 0 || range.to < today || !note.every((word) => words.has(word))) continue;
    const date = range.from < today ? today : range.from;
    if (!best || note.length > best.size || (note.length === best.size && date < best.date))
      best = { date, size: note.length };
  }
  return best?.date;
}

/** "Independence Day (observed)" → ["independence"]: the words that name a day off. */
function noteWords(text: string): string[] {
  return (
    foldAccents(text.replace(/\([^)]*\)/g, ' '))
      .toLowerCase()
      .match(/[a-z]+/g)
      ?.filter((word) => word.length > 2 && !['day', 'the', 'and', 'observed'].includes(word)) ?? []
  );
}

function describeDay(date: string, today: string, now: Date, calendar: OwnerCalendar, channel: ReplyChannel) {
  const label = formatDay(date, today);
  if (date < today) return `${capitalise(label)} has already passed.`;
  const dayOff = calendar.limits.daysOff.find((range) => range.from <= date && date <= range.to);
  if (dayOff) {
    const why =
      dayOff.from === dayOff.to
        ? `is one of my days off${dayOff.note ? ` (${dayOff.note})` : ''}`
        : `falls in my ${dayOff.note ? dayOff.note.toLowerCase() : 'time off'} (${formatDay(dayOff.from, today)} to ${formatDay(dayOff.to, today)})`;
    return `${capitalise(label)} ${why}, so I don't work and no call can be booked that day.`;
  }
  if (isWeekend(parseISO(date)))
    return `${capitalise(label)} is a weekend day: I take calls on weekdays only.`;
  const bookable = listBookableDates(now, calendar.ownerTimeZone, calendar.limits);
  if (bookable.includes(date))
    return `I work on ${label}, and a call can be booked that day while a one-hour slot is still free.`;
  const where = channel === 'voice' ? 'on the booking form of my site' : 'in the booking form';
  if (date < (bookable.at(-1) ?? today))
    return `There is no call slot left on ${label}: the next free days are ${where}.`;
  return `I work on ${label}, but calls can be booked only ${bookable.length} working days ahead, so that day is not open yet. Come back closer to it, or write the time that suits you ${where}.`;
}

/** "Monday, December 28", with the year when it is not this year's. */
function formatDay(date: string, today: string): string {
  const parsed = parseISO(date);
  return format(parsed, date.slice(0, 4) === today.slice(0, 4) ? 'EEEE, MMMM d' : 'EEEE, MMMM d, yyyy');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
