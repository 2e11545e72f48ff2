import { YEAR } from './answer-types';
import { ENGLISH, fold, hasAnyPhrase, hasPhrase, type Language } from './language-data';

// Days known by a name rather than a date ("Christmas", "Nochevieja"): the language data gives
// each its month and day, so the owner's calendar can answer them like a date.

interface DayName {
  /** Folded ("christmas eve"). */
  name: string;
  /** "12-24". */
  monthDay: string;
  words: string[];
}

const namesByLanguage = new Map<string, readonly DayName[]>();

/** The day names of a language and of English, longest first ("christmas eve" before "christmas"). */
function dayNames(language: Language): readonly DayName[] {
  const known = namesByLanguage.get(language.code);
  if (known) return known;
  const names = [language, ENGLISH]
    .flatMap((l) => Object.entries(l.data.namedDays ?? {}))
    .map(([name, monthDay]) => ({ name: fold(name), monthDay, words: fold(name).split(/[\s'-]+/) }))
    .sort((a, b) => b.name.length - a.name.length);
  namesByLanguage.set(language.code, names);
  return names;
}

/**
 * The dates ("yyyy-MM-dd") of the days a text calls by name, each name read once, in date order: of
 * the year it names ("in 2027", "this year"), else the next from today.
 */
export function datesOfNamedDays(text: string, language: Language, today: string): string[] {
  const folded = fold(text);
  const year = yearNamed(folded, language, today);
  let rest = folded;
  const dates: string[] = [];
  for (const { name, monthDay } of dayNames(language)) {
    if (!hasPhrase(rest, name)) continue;
    rest = rest.replaceAll(name, ' ');
    const thisYear = `${year ?? today.slice(0, 4)}-${monthDay}`;
    dates.push(year || thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-${monthDay}`);
  }
  return dates.sort();
}

/** The year a folded text names ("in 2027", "this year"), if any. */
export function yearNamed(folded: string, language: Language, today: string): string | undefined {
  const saysThisYear = hasAnyPhrase(folded, language.data.thisYear ?? []);
  return YEAR.exec(folded)?.[0] ?? (saysThisYear ? today.slice(0, 4) : undefined);
}

/** A word of some day's name ("year" of "New Year"): it asks no topic of its own beside the day. */
export function isNamedDayWord(word: string, language: Language): boolean {
  return dayNames(language).some(({ words }) => words.includes(word));
}
