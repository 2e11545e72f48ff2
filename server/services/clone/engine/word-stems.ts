import { stemmer as nl } from '@orama/stemmers/dutch';
import { stemmer as fr } from '@orama/stemmers/french';
import { stemmer as de } from '@orama/stemmers/german';
import { stemmer as it } from '@orama/stemmers/italian';
import { stemmer as pt } from '@orama/stemmers/portuguese';
import { stemmer as es } from '@orama/stemmers/spanish';
import { fold, readLanguageFile, type Language } from './language-data';

// A word of another language that its data file does not list in this form ("proposez", "dirige")
// is found by its stem, among the stems of the listed forms ("proposer": "propos").

/** Each language's Snowball stemmer, by its code. */
const STEMMERS: Record<string, Stemmer> = { de, es, fr, it, nl, pt };
type Stemmer = (word: string) => string;

/** Shorter words and stems tell too little apart ("mes", "par"). */
const MIN_LENGTH = 5;

const englishByStem = new Map<string, Map<string, string>>();

/** The English of an unlisted word whose stem a listed word of the language shares; undefined if none. */
export function translateByStem(language: Language, word: string): string | undefined {
  const stem = STEMMERS[language.code];
  const stemmed = stem && word.length >= MIN_LENGTH ? stem(word) : '';
  return stemmed.length < MIN_LENGTH ? undefined : stemsOf(language.code, stem!).get(stemmed);
}

/**
 * The listed words by stem, built the first time a word is looked up this way. A message is folded
 * (no accents) and the stemmer reads accents, so each listed word is stemmed as written and folded.
 * Where listed words of different meanings share a stem, the shortest word's English is taken: the
 * plain form ("utilise") rather than a derived one.
 */
function stemsOf(code: string, stem: Stemmer): Map<string, string> {
  const built = englishByStem.get(code);
  if (built) return built;
  const stems = new Map<string, string>();
  const listed = Object.entries(readLanguageFile(code).words).sort(([a], [b]) => a.length - b.length);
  for (const [word, english] of listed)
    for (const form of [stem(word.toLowerCase()), stem(fold(word))])
      if (form.length >= MIN_LENGTH && !stems.has(form)) stems.set(form, fold(english));
  englishByStem.set(code, stems);
  return stems;
}
