import { createRequire } from 'node:module';
import type { Chrono, ParsedResult } from 'chrono-node/en';
import { format } from 'date-fns';
import type { DayOff } from '../../../../shared/availability';
import { foldAccents, type Language } from './language';

// Which days a visitor's words name: a day off by its note ("the day after Thanksgiving"), a
// well-known holiday, or dates read by chrono in the visitor's language ("am Montag, dem 18.
// Januar", "july third twenty twenty six").

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

// The season rather than a day: whatever the owner takes off around Christmas.
export const HOLIDAY_SEASON =
  /\bholiday season\b|\b(over|during|for|around|through|after) the holidays\b|\b(end of (the )?year|year[- ]end)\b|\bfin d'ann[eé]e\b|\bf[eê]tes\b|\bfin de a[nñ]o\b|\bfiestas\b|\bjahresende\b|\bzwischen den jahren\b|\bwinter(pause|urlaub|ferien)\b|\bweihnachts(ferien|urlaub|pause)\b|\bvacances (de no[eë]l|d'hiver)\b|\bvacaciones de (navidad|invierno)\b/i;

// Days the owner's notes may not name, by the names visitors use (month-day).
const WELL_KNOWN_DAYS: Array<[RegExp, string]> = [
  [/\bchristmas eve\b|\bnochebuena\b|\bheiligabend\b|\br[eé]veillon de no[eë]l\b/i, '12-24'],
  [/\bchristmas\b|\bxmas\b|\bnavidad\b|\bweihnacht\w*\b|\bno[eë]l\b/i, '12-25'],
  [/\bnew year'?s eve\b|\bnochevieja\b|\bsilvester\b|\bsaint-sylvestre\b/i, '12-31'],
  [/\bnew year'?s( day)?\b|\ba[nñ]o nuevo\b|\bneujahr\b|\bjour de l'an\b/i, '01-01'],
  [HOLIDAY_SEASON, '12-25'],
];

// "Monday, Tuesday or Wednesday?" gets an answer for each; a longer list is no longer one question.
const MAX_DAYS = 3;

/** The days a clause names ("yyyy-MM-dd"): a day off by its note, a well-known holiday, or dates. */
export function findAskedDays(
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
  const results = parserFor(language)
    .parse(withYearInDigits(clause), reference, { forwardDate: true })
    .filter((result) => namesOneDay(result, pointsAtWeekday));
  // "Am Montag, dem 18. Januar" names one day: the weekday is the date's own.
  const dated = results.filter((result) => result.start.isCertain('day'));
  const named = results
    .filter(
      (result) =>
        result.start.isCertain('day') ||
        !dated.some((date) => date.start.date().getDay() === result.start.get('weekday')),
    )
    .map((result) => format(result.start.date(), 'yyyy-MM-dd'));
  const days = [...new Set(named)];
  if (days.length > MAX_DAYS) return [];
  if (days.length > 0) return days;
  const dayOfMonthAhead = findDayOfMonth(clause, today);
  return dayOfMonthAhead ? [dayOfMonthAhead] : [];
}

const YEAR_UNITS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
/** "July third twenty twenty six", as a voice call writes it down: the year in digits. */
function withYearInDigits(clause: string): string {
  return clause.replace(
    /\btwenty[- ]twenty(?:[- ](one|two|three|four|five|six|seven|eight|nine))?\b/gi,
    (_match, unit?: string) => String(2020 + YEAR_UNITS.indexOf(unit?.toLowerCase() ?? '')),
  );
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
export function findWellKnownDay(clause: string, today: string): string | undefined {
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
export function findDayOffByNote(
  clause: string,
  today: string,
  daysOff: readonly DayOff[],
): string | undefined {
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
