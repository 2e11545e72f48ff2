import type { Knowledge } from './knowledge';
import { ENGLISH, fold, hasAnyPhrase, hasPhrase, LANGUAGES, type Language } from './language-data';
import { splitWords, stem } from './terms';

// How a visitor's message is read before its words are weighed: its language, chat shorthand and
// filler phrases, the words a slip is corrected against, and the thing a "which…" question asks.

/** The language with the most of its own words in the message; English on a tie. */
export function detectLanguage(text: string): Language {
  const words = splitWords(text);
  let best = ENGLISH;
  let bestScore = 0;
  for (const language of LANGUAGES) {
    const isOwn = (word: string) => language.words.has(word) || language.conceptPhrases.has(word);
    const wordScore = (word: string) => (language.stopWords.has(word) ? 1 : isOwn(word) ? 0.75 : 0);
    const greets = [language.greetings, language.thanks].filter((list) => hasAnyPhrase(fold(text), list));
    const score = words.reduce((sum, word) => sum + wordScore(word), 0) + greets.length;
    if (score > bestScore + (best === ENGLISH && language !== ENGLISH ? 0.5 : 0))
      [best, bestScore] = [language, score];
  }
  return best;
}

const vocabularies = new WeakMap<Knowledge, Map<string, ReadonlySet<string>>>();

/** The words a misspelling is read against: the content's, and the language's own lists. */
export function spellingVocabulary(knowledge: Knowledge, language: Language): ReadonlySet<string> {
  const byLanguage = vocabularies.get(knowledge) ?? new Map<string, ReadonlySet<string>>();
  vocabularies.set(knowledge, byLanguage);
  const wordsOf = (l: Language) => [...l.stopWords, ...l.words.keys(), ...l.conceptPhrases.keys()];
  const vocabulary =
    byLanguage.get(language.code) ??
    new Set([...knowledge.words, ...[ENGLISH, language].flatMap(wordsOf).filter((w) => !w.includes(' '))]);
  byLanguage.set(language.code, vocabulary);
  return vocabulary;
}

let conceptStems: Map<string, string> | undefined;

/** The concept of an English word by its stem ("save" is the concept's "saved"). */
export function conceptOfStem(term: string): string | undefined {
  conceptStems ??= new Map(
    [...ENGLISH.conceptPhrases]
      .filter(([phrase]) => !phrase.includes(' '))
      .map(([phrase, concept]) => [stem(phrase), concept] as const)
      .reverse(),
  );
  return conceptStems.get(term);
}
const KIND_WORDS: ReadonlySet<string> = new Set(ENGLISH.data.askedThingLeadIns ?? []);
const ASKED_VERBS: ReadonlySet<string> = new Set(ENGLISH.data.askedVerbs ?? []);

/** The thing a "which…" question asks weighs this much more than the words around it. */
export const ASKED_THING_WEIGHT = 1.5;

/** The word closes the words after "which" or "what" ("which code editor do you use"). */
export function endsAskedThing(
  words: string[],
  at: number,
  language: Language,
  ignored: ReadonlySet<string>,
): boolean {
  const next = words[at + 1];
  if (at < 0 || (next !== undefined && !ignored.has(next))) return false;
  let start = at;
  while (start > 0 && !ignored.has(words[start - 1]!) && !KIND_WORDS.has(words[start - 1]!)) start -= 1;
  return isAskedThing(words, start, language);
}

/** The word follows "which" or "what" (or "what kind of"): it names the thing asked. */
export function isAskedThing(words: string[], at: number, language: Language): boolean {
  if (ASKED_VERBS.has(words[at]!)) return false;
  let before = at - 1;
  while (before >= 0 && KIND_WORDS.has(words[before]!)) before -= 1;
  return before >= 0 && [language, ENGLISH].some((l) => l.whichWords.includes(words[before]!));
}

/** The message without phrases that ask nothing ("these days"). */
export function withoutFillers(folded: string, language: Language): string {
  let text = folded;
  for (const filler of [...language.fillers, ...ENGLISH.fillers])
    while (hasPhrase(text, filler)) text = text.replace(filler, ' ');
  return text;
}

/** Chat shorthand written out ("hw much", "ur rate"), so phrases read as they are meant. */
export function expandShorthand(folded: string): string {
  // A shorthand with a digit ("b4") is read like any other; a bare number ("4") only before an
  // article ("4 a workshop"), since "4 weeks" is a number.
  return folded.replace(/[\p{L}\d']+(?=(?:\s+([\p{L}']+))?)/gu, (word, next?: string) => {
    if (/^\d+$/.test(word) && !ENGLISH.data.indefiniteArticles?.includes(next ?? '')) return word;
    const full = ENGLISH.words.get(word);
    return full && !full.includes(' ') ? full : word;
  });
}

/** Words written with a capital inside a sentence, or in capitals: names, products, acronyms. */
export function capitalisedWords(text: string): Set<string> {
  return new Set((text.match(/(?<![.!?]\s*|^\s*)\b\p{Lu}[\p{L}\d]*|\b\p{Lu}{2,}\b/gu) ?? []).map(fold));
}

/** The message says one of these phrases ("thanks", "hello there") and nothing else but words to ignore. */
export function saysOnly(folded: string, list: string[], ignored: ReadonlySet<string>): boolean {
  let left = folded;
  for (const phrase of [...list].sort((a, b) => b.length - a.length))
    if (hasPhrase(left, phrase)) left = left.replace(phrase, ' ');
  return hasAnyPhrase(folded, list) && splitWords(left).every((w) => ignored.has(w));
}
