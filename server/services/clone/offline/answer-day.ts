import { createRequire } from 'node:module';
import type { Chrono, ParsedResult } from 'chrono-node/en';
import { format, isWeekend, parseISO } from 'date-fns';
import type { SlotLimits } from '../../../../shared/booking';
import { firstWorkingDayAfter, getOwnerDate, listBookableDates } from '../../../../shared/booking-time';
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

// chrono (a date parser for each language, about 10 MB in memory) loads with the first question
// that may name a day: a site whose visitors never ask for one never holds it.
const requireChrono = createRequire(import.meta.url);
const parsers: Partial<Record<Language, Chrono>> = {};
function parserFor(language: Language): Chrono {
  return (parsers[language] ??= (requireChrono(`chrono-node/${language}`) as { casual: Chrono }).casual);
}

// A digit, "tomorrow", a weekday or a month in one of the four languages: what chrono may read.
const MAY_NAME_A_DAY =
  /\d|\b(tomorrow|ma[nñ]ana|morgen|demain|mon|tue|wed|thu|fri|sat|sun|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|januar|februar|m[aä]rz|juni|juli|oktober|dezember|janvier|f[eé]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[eé]cembre)/i;

// The question is about the owner's time, not a project's start date or a deadline.
const ASKS_ABOUT_TIME =
  /\b(available|availability|free|open|work\w*|off|around|reach\w*|call\w*|talk\w*|speak\w*|meet\w*|chat|book\w*|schedul\w*|slots?|holidays?|vacation|in the office|cong[eé]s?|vacances|vacaciones|urlaub|ferien|disponibles?|libres?|trabaj\w*|llam\w*|habl\w*|reuni\w*|zeit|verf[uü]gbar|erreichbar|arbeit\w*|anruf\w*|termin\w*|sprech\w*|telefon\w*|frei|travaill\w*|appel\w*|parl\w*|rendez-vous|joignable)\b/i;
const ASKS_ABOUT_SOMETHING_ELSE = /\b(start|begin|kick ?off|deliver|deadline|launch|finish|due|go live)\b/i;
// "When is your winter break?" asks for the dates of a day off rather than about a date.
// ("Can I pick the 26th when I book?" asks about a date: "when" there opens no question.)
const ASKS_WHEN =
  /^\W*(\w+\W+){0,2}(when|cu[aá]ndo|wann|quand)\b|\b(when|cu[aá]ndo|wann|quand)\s+(is|are|do|does|will|was|were|'s|es|est|ist|sind|sera|tomas|nimmst|nehmen|prends|prenez)\b|\b(what dates?|which days?)\b/i;

// The season rather than a day: whatever the owner takes off around Christmas.
const HOLIDAY_SEASON =
  /\bholiday season\b|\b(over|during|for|around|through|after) the holidays\b|\b(end of (the )?year|year[- ]end)\b|\bfin d'ann[eé]e\b|\bf[eê]tes\b|\bfin de a[nñ]o\b|\bfiestas\b|\bjahresende\b|\bzwischen den jahren\b|\bwinter(pause|urlaub|ferien)\b|\bweihnachts(ferien|urlaub|pause)\b|\bvacances (de no[eë]l|d'hiver)\b|\bvacaciones de (navidad|invierno)\b/i;

// Days the owner's notes may not name, by the names visitors use (month-day).
const WELL_KNOWN_DAYS: Array<[RegExp, string]> = [
  [/\bchristmas eve\b|\bnochebuena\b|\bheiligabend\b|\br[eé]veillon de no[eë]l\b/i, '12-24'],
  [/\bchristmas\b|\bxmas\b|\bnavidad\b|\bweihnacht\w*\b|\bno[eë]l\b/i, '12-25'],
  [/\bnew year'?s eve\b|\bnochevieja\b|\bsilvester\b|\bsaint-sylvestre\b/i, '12-31'],
  [/\bnew year'?s( day)?\b|\ba[nñ]o nuevo\b|\bneujahr\b|\bjour de l'an\b/i, '01-01'],
  [HOLIDAY_SEASON, '12-25'],
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
  // "When are you back?" after the winter break: the first working day after it.
  if (ASKS_BACK.test(clause)) {
    const back = answerWhenBack([clause, ...earlierQuestions], today, calendar.limits.daysOff);
    if (back) return back;
  }
  // "When is your winter break?", "any time off over the holidays?": the dates of that time off.
  if (ASKS_WHEN.test(clause) || (HOLIDAY_SEASON.test(clause) && ASKS_ABOUT_TIME.test(clause)))
    return answerWhenOff(clause, today, calendar.limits.daysOff);
  const asksAboutTime = (text: string) =>
    ASKS_ABOUT_TIME.test(text) && !ASKS_ABOUT_SOMETHING_ELSE.test(text) && !ASKS_WHEN.test(text);
  const namesADay = (text: string) =>
    findAskedDays(text, language, today, calendar.limits.daysOff).length > 0;
  // Earlier questions, latest first, that each named a day, one of them asking about the owner's time.
  // ("Which days are you working this week?" then "What about Thursday?" asks of that Thursday.)
  const followsADay = () => {
    for (const earlier of earlierQuestions) {
      const namesWeek = /\b(this|next) week\b|\bwhich days\b/i.test(earlier);
      if (!namesWeek && !namesADay(earlier)) return false;
      if (asksAboutTime(earlier) || (namesWeek && ASKS_ABOUT_TIME.test(earlier))) return true;
    }
    return false;
  };
  if (!asksAboutTime(clause) && !followsADay()) return undefined;
  const days = findAskedDays(clause, language, today, calendar.limits.daysOff);
  if (days.length === 0) return undefined;
  const text = days.map((day) => describeDay(day, today, now, calendar, channel)).join('\n\n');
  return { text, topic: 'availability', isSalesTopic: true };
}

/**
 * "When is your winter break?", "quand êtes-vous en congé pour les fêtes ?": the dates of the day
 * off the clause names by its note or by a holiday inside it.
 */
function answerWhenOff(clause: string, today: string, daysOff: readonly DayOff[]): Answer | undefined {
  const range = findTimeOff(clause, today, daysOff);
  if (!range) return undefined;
  const text =
    range.from === range.to
      ? `${range.note ?? 'That day'} is on ${formatDay(range.from, today)}, one of my days off: I don't work and no call can be booked that day.`
      : `My ${(range.note ?? 'time off').toLowerCase()} runs from ${formatDay(range.from, today)} to ${formatDay(range.to, today)}: I don't work then and no call can be booked. ${describeBack(range, today, daysOff)}`;
  return { text, topic: 'availability', isSalesTopic: true };
}

const ASKS_BACK =
  /\b((you'?re|you are|are you|you be|be|get|getting|coming|come) back|back (to|at|in) (work|the office|your desk)|first (working |work )?day( back)?|return(ing)? (to work|from)|zur[uü]ck|wieder da|de retour|reviens|revenez|vuelves|regresas?|de vuelta)\b/i;

/** "So what's the first working day you're back?": after the time off this or an earlier question names. */
function answerWhenBack(questions: string[], today: string, daysOff: readonly DayOff[]): Answer | undefined {
  for (const question of questions) {
    const range = findTimeOff(question, today, daysOff);
    if (range)
      return { text: describeBack(range, today, daysOff), topic: 'availability', isSalesTopic: true };
  }
  return undefined;
}

function describeBack(range: DayOff, today: string, daysOff: readonly DayOff[]): string {
  const back = formatDay(firstWorkingDayAfter(range.to, daysOff), today);
  const after =
    range.from === range.to
      ? (range.note ?? 'that day off')
      : `my ${(range.note ?? 'time off').toLowerCase()}`;
  return `I'm back on ${back}, the first working day after ${after}.`;
}

/** The day off a clause names by its note or by a holiday inside it. */
function findTimeOff(clause: string, today: string, daysOff: readonly DayOff[]): DayOff | undefined {
  const date = findDayOffByNote(clause, today, daysOff) ?? findWellKnownDay(clause, today);
  return date ? daysOff.find((entry) => entry.from <= date && date <= entry.to) : undefined;
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
  const wellKnown = findWellKnownDay(clause, today);
  if (wellKnown) return [wellKnown];
  // Noon of the owner's today, on the process's clock: chrono reads and returns local dates.
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  const reference = new Date(year, month - 1, dayOfMonth, 12);
  const pointsAtWeekday = Array.from(
    clause.toLowerCase().matchAll(/\b(?:on|this|next|coming|about|el|am|le|ce|et)\s+(\p{L}+)/gu),
  ).some(([, word]) => WEEKDAY.test(word!));
  if (!MAY_NAME_A_DAY.test(clause)) return [];
  const named = parserFor(language)
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

const RATE_OF_TIME =
  /\b(minutes?|mins?|hours?|hrs?)\b|\b(a|per|each|every|al|pro|par)\s+(day|week|month|year|d[ií]a|semana|mes|a[nñ]o|tag|woche|monat|jahr|jour|semaine|mois|an)\b/i;

/**
 * Whether what chrono read names one day: a date with its number ("December 28", "12/28"),
 * "tomorrow", or a weekday in a clause that points at one ("on Friday", "next Monday or
 * Tuesday", "what about Monday?"), not "a Friday slot", "these days" or "from today".
 */
function namesOneDay({ start, text }: ParsedResult, pointsAtWeekday: boolean): boolean {
  // "250 minutes a month", "5 hours a week": an amount of time, not a day from now.
  if (RATE_OF_TIME.test(text)) return false;
  if (/\b(tomorrow|ma[nñ]ana|morgen|demain)\b/i.test(text)) return true;
  // "On Monday at 10am" names the Monday.
  if (pointsAtWeekday && start.isCertain('weekday')) return true;
  // "Now", "these days" and "a week" are certain days to chrono, but no day a visitor asks about.
  // "December twenty eighth", as a voice call writes it down, names the day in words.
  return (/\d/.test(text) || DAY_IN_WORDS.test(text)) && start.isCertain('day') && start.isCertain('month');
}

const DAY_IN_WORDS =
  /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|twenty|thirty)\b/i;

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

/** Christmas, New Year's Eve…: the next one, today included. */
function findWellKnownDay(clause: string, today: string): string | undefined {
  const thisYear = Number(today.slice(0, 4));
  const monthDay = WELL_KNOWN_DAYS.find(([name]) => name.test(clause))?.[1];
  if (!monthDay) return undefined;
  const date = `${thisYear}-${monthDay}`;
  return date >= today ? date : `${thisYear + 1}-${monthDay}`;
}

/**
 * A day off the clause names by its note ("the day after Thanksgiving"): the note with the most
 * words in the clause wins, and of its dates the next one still ahead.
 */
function findDayOffByNote(clause: string, today: string, daysOff: readonly DayOff[]): string | undefined {
  const words = new Set(noteWords(clause));
  const year = askedYear(clause, today);
  let best: { date: string; size: number } | undefined;
  for (const range of daysOff) {
    const note = noteWords(range.note ?? '');
    if (note.length === 0 || range.to < today || !note.every((word) => words.has(word))) continue;
    if (year && !range.from.startsWith(year)) continue;
    const date = range.from < today ? today : range.from;
    if (!best || note.length > best.size || (note.length === best.size && date < best.date))
      best = { date, size: note.length };
  }
  return best?.date;
}

/** "Next year's winter break", "Thanksgiving 2027": the year asked about, if any. */
function askedYear(clause: string, today: string): string | undefined {
  const named = /\b(20\d\d)\b/.exec(clause)?.[1];
  if (named) return named;
  const isNext =
    /\bnext year\b|\bl'ann[eé]e prochaine\b|\b(el )?a[nñ]o que viene\b|\bpr[oó]ximo a[nñ]o\b|\bn[aä]chste[sn]? jahr\b/i;
  return isNext.test(clause) ? String(Number(today.slice(0, 4)) + 1) : undefined;
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
  const dayOff = calendar.limits.daysOff.find((range) => range.from <= date && date <= range.to);
  // "Were you working on Labor Day?": a past day says whether it was a day off.
  if (date < today)
    return `${capitalise(label)} has already passed${dayOff ? `; it was one of my days off${dayOff.note ? ` (${dayOff.note})` : ''}` : ''}.`;
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

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
