import { isCommonEnglishWord } from './common-words';
import { ENGLISH } from './language-data';

/**
 * The nearest word of `vocabulary` to a misspelt one ("experiense" -> "experience", "langugaes" ->
 * "languages"), or the word itself: one edit for words of 4 to 7 letters, two from 8, a swap of
 * neighbouring letters counting as one edit; the first letter must agree.
 */
export function correctWord(word: string, vocabulary: ReadonlySet<string>): string {
  if (word.length < 4 || vocabulary.has(word) || /[^\p{L}]/u.test(word)) return word;
  const limit = word.length >= 8 ? 2 : 1;
  let best = word;
  let bestDistance = limit + 1;
  for (const known of vocabulary) {
    if (known[0] !== word[0] || Math.abs(known.length - word.length) > limit) continue;
    const distance = editDistance(word, known, limit);
    // On a tie a word of the same length wins: swapped or mistyped letters are the commoner slip.
    const isCloser =
      distance < bestDistance ||
      (distance === bestDistance && known.length === word.length && best.length !== word.length);
    if (isCloser) [best, bestDistance] = [known, distance];
  }
  return best !== word ? best : (withVowels(word, vocabulary) ?? word);
}

/**
 * A three-letter word typed without one letter of a word of `words` ("hav", "tht"), read as that
 * word when it is the only one it could be. Three letters say too little to be read as a word of
 * the content; they are tried against the language's function words only.
 */
export function withMissingLetter(word: string, words: ReadonlySet<string>): string | undefined {
  if (word.length !== 3) return undefined;
  let found: string | undefined;
  for (const known of words) {
    if (known.length !== 4 || known[0] !== word[0] || !isSubsequence(word, known)) continue;
    if (found) return undefined;
    found = known;
  }
  return found;
}

/**
 * Two words of the content typed as one ("dayrate", "workday"), written apart, each of 3 letters or
 * more. Only a word that neither the content nor common English knows is taken apart.
 */
export function splitJoinedWords(text: string, words: ReadonlySet<string>): string {
  return text.replace(/\p{L}{6,}/gu, (word) => {
    if (words.has(word) || isCommonEnglishWord(word)) return word;
    for (let at = 3; at <= word.length - 3; at++)
      if (words.has(word.slice(0, at)) && words.has(word.slice(at)))
        return `${word.slice(0, at)} ${word.slice(at)}`;
    return word;
  });
}

const VOWELS = /[aeiouy]/g;

/**
 * A word typed without some of its vowels ("discnt", "prjct") when one word of the vocabulary
 * writes them in: its letters in order, and the same letters but vowels.
 */
function withVowels(word: string, vocabulary: ReadonlySet<string>): string | undefined {
  const skeleton = word.replace(VOWELS, '');
  if (skeleton.length < 4) return undefined;
  const found = new Set<string>();
  for (const known of vocabulary)
    if (known[0] === word[0] && known.length > word.length && known.replace(VOWELS, '') === skeleton)
      if (isSubsequence(word, known)) found.add(known);
  return found.size === 1 ? [...found][0] : undefined;
}

function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const char of long) if (char === short[at]) at += 1;
  return at === short.length;
}

/** The words of each English concept phrase of several words, which a slip in one word should not hide. */
let phraseParts: string[][] | undefined;

/**
 * The text with a phrase it almost says written out ("hourly rat" -> "hourly rate"): every word of
 * the phrase there but one, which is one edit away (a real word in the wrong place is a slip too).
 */
export function correctPhrases(text: string): string {
  phraseParts ??= [...ENGLISH.conceptPhrases.keys()].filter((p) => p.includes(' ')).map((p) => p.split(' '));
  const words = text.split(/\s+/);
  const present = new Set(words.map((word) => word.replace(/[^\p{L}\d'-]/gu, '')));
  for (const parts of phraseParts) {
    // Only a phrase with one of its words in the text can be almost said.
    if (!parts.some((part) => present.has(part))) continue;
    for (let at = 0; at + parts.length <= words.length; at++) {
      const window = words.slice(at, at + parts.length).map((word) => word.replace(/[^\p{L}\d'-]/gu, ''));
      const differing = parts.filter((part, index) => part !== window[index]);
      if (differing.length !== 1) continue;
      const index = parts.indexOf(differing[0]!);
      const typed = window[index]!;
      if (typed.length < 3 || typed[0] !== parts[index]![0] || editDistance(typed, parts[index]!, 1) > 1)
        continue;
      words[at + index] = words[at + index]!.replace(typed, parts[index]!);
    }
  }
  return words.join(' ');
}

/** Optimal string alignment distance, given up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
