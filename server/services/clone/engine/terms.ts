import { stemmer } from 'stemmer';
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

export function stem(word: string): string {
  return /[\d#+.]/.test(word) ? word : stemmer(word);
}

/** The stem of a word that carries a topic, or null. */
export function toTerm(word: string, ignored: ReadonlySet<string> = ENGLISH.stopWords): string | null {
  if (ignored.has(word)) return null;
  const term = stem(word);
  return term.length > 1 || /\d/.test(term) ? term : null;
}

/** The topic terms of a text, in order, repeats kept. */
export function termsOf(text: string, ignored?: ReadonlySet<string>): string[] {
  return splitWords(text)
    .map((word) => toTerm(word, ignored))
    .filter((term): term is string => term !== null);
}

/** The terms of the two words after each word that `isMarker` accepts ("my own company", "20 years"). */
export function termsAfter(
  words: string[],
  isMarker: (word: string) => boolean,
  termOf: (word: string) => string | null,
): Set<string> {
  const terms = new Set<string>();
  words.forEach((word, at) => {
    if (!isMarker(word)) return;
    for (const next of words.slice(at + 1, at + 3)) {
      const term = termOf(next);
      if (term) terms.add(term);
    }
  });
  return terms;
}
