import { createRequire } from 'node:module';
import type { Chrono } from 'chrono-node/en';
import { format } from 'date-fns/format';
import { isWeekend } from 'date-fns/isWeekend';
import { parseISO } from 'date-fns/parseISO';
import type { DayOff } from '../../../../shared/availability';
import type { SlotLimits } from '../../../../shared/booking';
import {
  firstWorkingDayAfter,
  getOwnerDate,
  isDayOff,
  listBookableDates,
} from '../../../../shared/booking-time';
import { ENGLISH, fold, hasAnyPhrase, hasPhrase, type Language } from './language-data';
import { translate } from './translate';
import { splitWords } from './terms';
import { detectLanguage } from './message-reading';
import { datesOfNamedDays, isNamedDayWord, yearNamed } from './named-days';
import type { Question, Slot } from './understand';

// "Are you free on December 28?", "¿trabajas el viernes?", "when is your winter break?": a question
// about the owner's time that names a day is answered from the owner's calendar (days off,
// weekends, the booking window), not from whichever sentence shares its words.

/** What the engine answers a day from: the owner's zone, days off and notice, and the clock. */
export interface OwnerCalendar {
  ownerTimeZone: string;
  limits: Omit<SlotLimits, 'daysOff'> & { daysOff: readonly DayOff[] };
  now: () => Date;
}

/** "Monday, Tuesday or Wednesday?" gets an answer for each; a longer list is no longer one question. */
const MAX_DAYS = 3;
const IS_NO_DAY = /relativeDate|casualReference\/now/;

/** The reply about the days a question names, or undefined when it names none or asks of something else. */
export function answerAboutDays(question: Question, calendar: OwnerCalendar): string | undefined {
  const now = calendar.now();
  const today = getOwnerDate(now, calendar.ownerTimeZone);
  const namedDates = datesOfNamedDays(question.text, question.language, today);
  if (!asksOfTheCalendar(question, namedDates)) return undefined;
  const daysOff = calendar.limits.daysOff;
  // A day the question spells out wins over a day off it names in words: "the 8th of December,
  // or is that a national holiday?" asks of December 8, not of a day off named after the nation.
  let days = findDays(question.text, question.language, today);
  const named = days.length === 0 ? dayOffNamed(question, today, daysOff, namedDates) : undefined;
  // "When is your winter break?": the dates of that time off, and the day the owner is back.
  if (named && question.asks.has('date')) return describeTimeOff(named, today, daysOff);
  if (named) days = [named.from];
  // "Are you around over Christmas?": a day known by its name, when the owner's notes name no day.
  if (days.length === 0) days = namedDates;
  if (days.length === 0) return undefined;
  // "Between Christmas and New Year": days of one stretch of time off are that stretch.
  const stretches = days.map((day) => daysOff.find((off) => off.from <= day && day <= off.to));
  const [stretch] = stretches;
  if (days.length > 1 && stretch && stretch.from !== stretch.to && stretches.every((off) => off === stretch))
    return describeTimeOff(stretch, today, daysOff);
  return days.map((day) => describeDay(day, today, now, calendar, question.channel === 'voice')).join('\n\n');
}

/**
 * "Is your day rate higher on a Saturday?" asks a price, not whether the day can be booked. A day
 * known by its name and nothing else ("are you around over Christmas?") asks of the owner's time;
 * beside another topic ("a Christmas discount?") it asks of that topic.
 */
function asksOfTheCalendar(question: Question, namedDates: string[]): boolean {
  const says = (concepts: string[] = []) => concepts.some((concept) => question.concepts.has(concept));
  if (says(ENGLISH.data.moneyConcepts)) return false;
  if (says(ENGLISH.data.calendarConcepts)) return true;
  const isOtherTopic = ({ concept, word }: Slot) =>
    concept && !ENGLISH.data.calendarConcepts?.includes(concept) && !isNamedDayWord(word, question.language);
  return !question.slots.some(isOtherTopic) && namedDates.length > 0;
}

/**
 * "Can I book a call on Saturday?", "…on December 25?": a booking question whose every named day
 * can never be booked (passed, a weekend, a day off) asks how booking works. The reply says why,
 * and the booking form, which offers only bookable days, stays closed. A call wanted for a purpose
 * ("…to talk about our pilot?") or said beside another sentence is wanted on another day too.
 */
export function namesOnlyUnbookableDays(message: string, calendar: OwnerCalendar): boolean {
  const text = message.trim();
  if (/(?<!\d)[.!?]\s+\S/u.test(text)) return false;
  const language = detectLanguage(text);
  if (hasAnyPhrase(fold(text), language.data.purposeLeadIns ?? [])) return false;
  const today = getOwnerDate(calendar.now(), calendar.ownerTimeZone);
  const spelled = findDays(text, language, today);
  const days = spelled.length > 0 ? spelled : datesOfNamedDays(text, language, today);
  // Passed, a weekend or a day off.
  const isClosed = (day: string) =>
    day < today || isWeekend(parseISO(day)) || isDayOff(day, calendar.limits.daysOff);
  return days.length > 0 && days.every(isClosed);
}

/**
 * A day off whose note the question says in its own words ("Thanksgiving", "the winter break"):
 * of the year the question names, else the next one when the note comes back every year; one of a
 * past year only when the day's name gives no next date (`namedDates`: "New Year" does).
 */
function dayOffNamed(question: Question, today: string, daysOff: readonly DayOff[], namedDates: string[]) {
  const { language } = question;
  const folded = fold(question.text);
  const saysDay = splitWords(folded).some((word) => word === 'day' || translate(language, word) === 'day');
  const named = daysOff.filter((entry) => {
    // Every word of the name but "day" ("new" and "year" of "New Year's Day", not "year" alone).
    const all = fold(entry.note ?? '')
      .split(/[^\p{L}\d]+/u)
      .filter((word) => word.length > 2 && !ENGLISH.stopWords.has(word));
    const words = all.filter((word) => word !== 'day');
    // A day named after a place ("<country> Day") is not named by the place alone.
    if (words.length === 1 && words.length < all.length && !saysDay) return false;
    return words.length > 0 && words.every((word) => hasPhrase(folded, word));
  });
  // "in 2026", "this year": that year's; else the next one.
  const year = yearNamed(folded, language, today);
  if (year) return named.find((entry) => entry.from.startsWith(year) || entry.to.startsWith(year));
  return named.find((entry) => entry.to >= today) ?? (namedDates.length > 0 ? undefined : named.at(-1));
}

// chrono (a date parser for each language, several MB in memory) loads with the first question
// that may name a day: a site whose visitors never ask for one never holds it.
const requireChrono = createRequire(import.meta.url);
const parsers = new Map<string, Chrono>();
function parserFor(code: string): Chrono {
  const parser = parsers.get(code) ?? (requireChrono(`chrono-node/${code}`) as { casual: Chrono }).casual;
  parsers.set(code, parser);
  return parser;
}

/** The days ("yyyy-MM-dd") the text names, read in its language, from the owner's today on. */
function findDays(text: string, language: Language, today: string): string[] {
  // Noon of the owner's today, on the process's clock: chrono reads and returns local dates.
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const found = parserFor(language.code)
    .parse(text, new Date(year, month - 1, day, 12), { forwardDate: true })
    .filter((result) => result.start.isCertain('day') || result.start.isCertain('weekday'))
    // "pick a day", "right now": a length of time or the present moment names no day to check.
    .filter((result) => ![...result.tags()].some((tag) => IS_NO_DAY.test(tag)))
    .filter((result) => ![language, ENGLISH].some((l) => l.data.notDays?.includes(fold(result.text))))
    .map((result) => format(result.start.date(), 'yyyy-MM-dd'));
  const days = new Set(found);
  return days.size > MAX_DAYS ? [] : [...days];
}

function describeTimeOff(range: DayOff, today: string, daysOff: readonly DayOff[]): string {
  const back = `I'm back on ${formatDay(firstWorkingDayAfter(range.to, daysOff), today)}.`;
  if (range.from === range.to)
    return `${range.note ?? 'That day'} is on ${formatDay(range.from, today)}, one of my days off: I don't work and no call can be booked that day. ${back}`;
  return `My ${(range.note ?? 'time off').toLowerCase()} runs from ${formatDay(range.from, today)} to ${formatDay(range.to, today)}: I don't work then and no call can be booked. ${back}`;
}

function describeDay(date: string, today: string, now: Date, calendar: OwnerCalendar, isVoice: boolean) {
  // Opens with the day of the week, so it starts a sentence as it is.
  const label = formatDay(date, today);
  const dayOff = calendar.limits.daysOff.find((range) => range.from <= date && date <= range.to);
  const note = dayOff?.note ? ` (${dayOff.note})` : '';
  if (date < today)
    return `${label} has already passed${dayOff ? `; it was one of my days off${note}` : ''}.`;
  if (dayOff)
    return dayOff.from === dayOff.to
      ? `${label} is one of my days off${note}, so I don't work and no call can be booked that day.`
      : `${label} falls in my time off${note}, from ${formatDay(dayOff.from, today)} to ${formatDay(dayOff.to, today)}, so no call can be booked that day. I'm back on ${formatDay(firstWorkingDayAfter(dayOff.to, calendar.limits.daysOff), today)}.`;
  if (isWeekend(parseISO(date))) return `${label} is a weekend day: I take calls on weekdays only.`;
  const bookable = listBookableDates(now, calendar.ownerTimeZone, calendar.limits);
  if (bookable.includes(date))
    return `I work on ${label}, and a call can be booked that day while a one-hour slot is still free.`;
  const where = isVoice ? 'on the booking form of my site' : 'in the booking form';
  if (date < (bookable.at(-1) ?? today))
    return `There is no call slot left on ${label}: the next free days are ${where}.`;
  return `I work on ${label}, but calls can be booked only ${bookable.length} working days ahead, so that day is not open yet. Come back closer to it, or write the time that suits you ${where}.`;
}

/** "Monday, December 28", with the year when it is not this year's. */
function formatDay(date: string, today: string): string {
  const pattern = date.slice(0, 4) === today.slice(0, 4) ? 'EEEE, MMMM d' : 'EEEE, MMMM d, yyyy';
  return format(parseISO(date), pattern);
}
