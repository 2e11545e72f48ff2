import { isCommonEnglishWord } from './common-words';
import { ANSWER_TYPES, ENGLISH, fold, hasAnyPhrase, type Language } from './language-data';
import { englishOf, withoutElision } from './translate';
import { splitWords, stem, termsAfter, toTerm } from './terms';
import type { Sentence } from './knowledge';
import type { Question } from './understand';

/** The kinds of fact a question can ask for, and a sentence can state. */
export type AnswerType = 'number' | 'money' | 'name' | 'date' | 'duration' | 'year';

/** An amount of money in figures ("$200", "€1,500"), not only that it is free. */
export const CURRENCY_AMOUNT =
  /\p{Sc}\s?\d|\d\s?\p{Sc}|\b(?:USD|EUR|GBP|CHF)\s?\d|\d\s?(?:USD|EUR|GBP|CHF)\b/u;
/** The amounts a text says ("$59", "15%", "1,800"), as figures the way a sentence's terms keep them. */
export const figuresOf = (text: string): string[] =>
  [...text.matchAll(FIGURE)].map((match) => match[1] ?? match[2] ?? match[3]!);
const FIGURE = /\p{Sc}\s?(\d[\d,.]*\d|\d)|(\d[\d,.]*\d|\d)\s?[\p{Sc}%]|\b(\d{1,3}(?:,\d{3})+)\b/gu;
/** A year written out ("2026"). */
export const YEAR = /\b(?:19|20)\d\d\b/;

/** What kinds of fact a sentence states: an amount, a number, a name, a date. */
export function typesOf(text: string): Set<AnswerType> {
  const types = new Set<AnswerType>();
  const plain = text.replace(/\*\*|__|`/g, '');
  const words = fold(plain).split(/[^\p{L}\d]+/u);
  if (CURRENCY_AMOUNT.test(plain) || hasAnyPhrase(fold(plain), FREE_WORDS)) types.add('money');
  if (/\d/.test(plain) || words.some((word) => NUMBER_WORDS.has(word))) types.add('number');
  if (YEAR.test(plain) || words.some((word) => DATE_WORDS.has(word))) types.add('date');
  if (YEAR.test(plain)) types.add('year');
  if (hasName(plain)) types.add('name');
  if (statesDuration(words)) types.add('duration');
  return types;
}

/** What kinds of fact a question asks for, from its words and concepts. */
export function askedTypes(
  folded: string,
  language: Language,
  concepts: ReadonlySet<string>,
  slotWords: ReadonlySet<string> = new Set(),
): Set<AnswerType> {
  const types = new Set<AnswerType>();
  const says = (list: (l: Language) => string[]) =>
    [language, ENGLISH].some((l) => hasAnyPhrase(folded, list(l)));
  if (says((l) => l.quantityWords)) types.add('number');
  // "How much did costs fall?" asks how much they changed, in any measure.
  const asksChange = ENGLISH.data.changeWords?.some((word) => slotWords.has(word));
  if (ENGLISH.data.moneyConcepts?.some((c) => concepts.has(c)) && !asksChange) types.add('money');
  for (const type of ANSWER_TYPES) if (says((l) => l.answerTypes[type])) types.add(type);
  return types;
}

/** The kind of fact a word of the question asks for, when that is all it says ("name", "when"). */
export function typeOfWord(word: string, language: Language): AnswerType | undefined {
  const says = (type: AnswerType) => [language, ENGLISH].some((l) => l.answerTypes[type].includes(word));
  return (['name', 'date', 'number'] as const).find(says);
}

const NUMBER_WORDS = new Set(ENGLISH.data.numberWords ?? []);
const COUNTED_ALIKE = (ENGLISH.data.countedAlike ?? []).map((group) => group.map((word) => stem(word)));

/** A counted word's term; words counted alike ("people", "participants") share their group's first. */
function countedTerm(word: string): string | null {
  const alike = COUNTED_ALIKE.find((group) => group.includes(stem(word)));
  return alike ? alike[0]! : toTerm(word);
}

/** A number as written: "20", "2,500", "5-10", or a number word. */
function isNumber(word: string): boolean {
  return /^\d[\d,.]*(?:-\d[\d,.]*)?$/.test(word) || NUMBER_WORDS.has(word);
}

/**
 * What a sentence counts: the terms of the two words after a number ("20 years", "2,500
 * employees"), not after a year ("2006-2010: software engineer").
 */
export function countsOf(text: string): Set<string> {
  const words = splitWords(text.replace(/\*\*|__|`/g, ''));
  const isCount = (word: string) => isNumber(word) && !YEAR.test(word);
  return termsAfter(words, isCount, (next) => (isNumber(next) ? null : countedTerm(next)));
}

/**
 * What a "how many…" question counts, in the content's terms: the word right after the quantity
 * phrase ("how many years", "quanti anni", "combien d'années"), when the content counts it somewhere.
 */
export function countedUnitOf(
  folded: string,
  language: Language,
  counted: ReadonlySet<string>,
): string | undefined {
  const words = splitWords(folded);
  const links = new Set(language.data.countLinks ?? []);
  for (const phrase of [...language.quantityWords, ...ENGLISH.quantityWords]) {
    const size = splitWords(phrase).length;
    const at = words.findIndex((_, i) => words.slice(i, i + size).join(' ') === fold(phrase));
    if (at === -1) continue;
    const linked = words[at + size];
    const next = linked !== undefined && links.has(linked) ? words[at + size + 1] : linked;
    if (next === undefined) continue;
    const bare = withoutElision(language, next);
    const english = englishOf(language, bare) ?? bare;
    if (english.includes(' ')) continue;
    const term = countedTerm(english);
    if (term && counted.has(term)) return term;
  }
  return undefined;
}
const FREE_WORDS = (ENGLISH.data.freeWords ?? []).map(fold);
const TIME_UNITS = /^(minute|hour|day|week|month|year|weekday|sprint)s?$/;

/** A number (a range's last) or "a few" right before a unit of time: "15 minutes", "two-to-three-week", not "$29 per month". */
function statesDuration(words: string[]): boolean {
  return words.some((word, at) => {
    if (!TIME_UNITS.test(word)) return false;
    const before = words[at - 1] ?? '';
    return /^\d/.test(before) || NUMBER_WORDS.has(before) || before === 'few' || before === 'several';
  });
}
const DATE_WORDS = new Set(ENGLISH.data.dateWords ?? []);

/** A capitalised word inside the sentence that is no everyday word, or an acronym: a name. */
function hasName(text: string): boolean {
  const inside = text.match(/(?<=[\p{L}\d,;(]\s+)\p{Lu}[\p{L}\d&.-]+|\b\p{Lu}{2,}\b/gu) ?? [];
  return inside.some((word) => /^\p{Lu}{2,}$/u.test(word) || !isCommonEnglishWord(word.toLowerCase()));
}

/** The counts a text states: its numbers ("28", "2,400", "five"), and its years when they count. */
function countsIn(text: string, withYears: boolean): string[] {
  const words = splitWords(text.replace(/\*\*|__|`/g, ''));
  return words.filter((word) => isNumber(word) && (withYears || !YEAR.test(word)));
}

/**
 * The chosen sentences say what was asked. Only an amount asked outright ("how many…", "how
 * much…") or a year ("when did you…") is judged: a topic of money ("does it keep charging me?") is
 * no request for a figure. A count the question gave itself ("of the 28 hotels…") counts nothing
 * asked; nor does a year ("2014-2016: BI developer" for "how big was the team?") unless time is
 * asked ("how long have you been freelancing?": "since 2018").
 */
export function statesAsked(chosen: Sentence[], question: Question): boolean {
  const withYears = question.asks.has('duration') || TIME_UNITS.test(question.countedUnit ?? '');
  const given = new Set(countsIn(question.text, withYears));
  const countsAnew = (text: string) => countsIn(text, withYears).some((count) => !given.has(count));
  // A price asked ("how much did they pay?") is an amount of money; "how many days…" is a count.
  const wantsMoney = question.asks.has('money') && !question.countedUnit;
  const states = ({ types, text }: Sentence) =>
    (question.asks.has('number') && (types.has('money') || (!wantsMoney && countsAnew(text)))) ||
    (question.asks.has('year') && types.has('year'));
  const isMeasured = question.asks.has('number') || question.asks.has('year');
  return (!isMeasured || chosen.some(states)) && !leavesUnnamed(chosen, question);
}

/** "a", "an": what a thing the notes leave unnamed is said with. */
export const INDEFINITE_ARTICLES: ReadonlySet<string> = new Set(ENGLISH.data.indefiniteArticles ?? []);

/**
 * The name of a thing is asked ("what's the name of the meetup?") and the sentences only ever say
 * it with "a" ("a monthly data engineering meetup"): the owner never named it.
 */
export function leavesUnnamed(sentences: Sentence[], question: Pick<Question, 'slots' | 'asks'>): boolean {
  if (!question.asks.has('name')) return false;
  const asked = question.slots.filter((slot) => !slot.isOwners && !slot.isPlural);
  const things = asked.flatMap((slot) => slot.own).filter((stem) => sentences.some((s) => s.terms.has(stem)));
  return things.some((stem) =>
    sentences.every((sentence) => {
      const words = splitWords(sentence.text.replace(/\*\*/g, ''));
      // Each time it closes a phrase that opens with "a" or "an", three words back at most.
      const isIndefinite = (at: number) =>
        words.slice(Math.max(0, at - 4), at).some((word) => INDEFINITE_ARTICLES.has(word));
      return words.every((word, at) => toTerm(word) !== stem || isIndefinite(at));
    }),
  );
}
