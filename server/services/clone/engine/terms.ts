import { stemmer } from 'stemmer';
import { isCommonEnglishWord } from './common-words';
import { ENGLISH, fold } from './language-data';

// How text becomes search terms, the same way for the owner's content and for a visitor's
// question (once translated into the content's words): folded, split into words, words that carry
// no topic dropped, the rest stemmed. The content is read as English.

/** Words, keeping "gpt-4o", "c#", ".net" and "$1,200" whole; hyphenated words also give their parts. */
export function splitWords(text: string): string[] {
  const words =
    fold(text).match(
      /\d{1,3}(?:,\d{3})+|[\p{L}\p{N}][\p{L}\p{N}'#+.-]*[\p{L}\p{N}#+]|[\p{L}\p{N}]|\.net/gu,
    ) ?? [];
  return words.flatMap((word) => {
    const bare = word.replace(/'s$/, '');
    return bare.includes('-') ? [bare, ...bare.split('-').filter(Boolean)] : [bare];
  });
}

/**
 * The everyday word a product's name is built on (a "...search" product is a search engine): its
 * longest ending of five letters or more that is common English, after a common word of four
 * letters or more or an abbreviation without a vowel, not after a mere prefix ("con-", "en-"). A
 * common word, or the plural of one, is not taken apart ("together", "integrations").
 */
export function headOfCompound(word: string): string[] {
  const isWord = isCommonEnglishWord;
  if (word.length < 7 || !/^\p{L}+$/u.test(word) || isWord(word) || isWord(word.replace(/s$/, ''))) return [];
  for (let at = 2; at <= word.length - 5; at++) {
    const start = word.slice(0, at);
    const isModifier = at <= 3 ? !/[aeiouy]/.test(start) : isWord(start);
    if (isModifier && isWord(word.slice(at))) return [word.slice(at)];
  }
  return [];
}

export function stem(word: string): string {
  return /[\d#+.]/.test(word) ? word : stemmer(word);
}

/** The stem of a word that carries a topic, or null. */
export function toTerm(word: string): string | null {
  if (ENGLISH.stopWords.has(word)) return null;
  const term = stem(word);
  return term.length > 1 || /\d/.test(term) ? term : null;
}

/** The topic terms of a text, in order, repeats kept. */
export function termsOf(text: string): string[] {
  return splitWords(text).flatMap((word) => toTerm(word) ?? []);
}

/** The terms of the two words after each word that `isMarker` accepts ("my own company", "20 years"). */
export function termsAfter(
  words: string[],
  isMarker: (word: string) => boolean,
  termOf: (word: string) => string | null,
): Set<string> {
  const after = words.flatMap((word, at) => (isMarker(word) ? words.slice(at + 1, at + 3) : []));
  return new Set(after.flatMap((next) => termOf(next) || []));
}
