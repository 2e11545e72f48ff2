import { isCommonEnglishWord } from './common-words';
import { ENGLISH, type Language } from './language-data';
import { translateByStem } from './word-stems';

// A visitor's word in the content's English: as the language data lists it, without one of its
// endings, or, in a language that joins words, as the English of its parts.

/**
 * The English word for a word of the language: as listed, without one of its endings, or, in a
 * language that joins words, as the English of its parts ("Vertragsanalyse": "contract analysis").
 */
export function translate(language: Language, word: string, byStem = true): string | undefined {
  return translateListed(language, word, byStem) ?? translateCompound(language, word, COMPOUND_PARTS);
}

/** A word of the language in English, or the English shorthand written out; undefined if neither. */
export function englishOf(language: Language, word: string, byStem = true): string | undefined {
  return translate(language, word, byStem) ?? ENGLISH.words.get(word);
}

/** The word without an article joined by an apostrophe ("l'heure" is "heure"). */
export function withoutElision(language: Language, word: string): string {
  const elision = (language.data.elisions ?? []).find((prefix) => word.startsWith(prefix));
  return elision ? word.slice(elision.length) : word;
}

/** The English of a word the language data lists: as it is, without one of its endings, or by its stem. */
export function translateListed(language: Language, word: string, byStem = true): string | undefined {
  const listed = language.words.get(word);
  if (listed !== undefined) return listed;
  const suffix = (language.data.suffixes ?? []).find(
    (end) =>
      word.endsWith(end) && word.length - end.length >= 4 && language.words.has(word.slice(0, -end.length)),
  );
  if (suffix !== undefined) return language.words.get(word.slice(0, -suffix.length));
  return byStem ? translateByStem(language, word) : undefined;
}

/** The shortest head of a compound ("Analyse" in "Vertragsanalyse") and the shortest modifier. */
const MIN_HEAD = 4;
const MIN_MODIFIER = 3;
/** How many parts a compound is read into at most ("Kunden-service-mitarbeiter"). */
const COMPOUND_PARTS = 3;

/**
 * A compound read as a modifier and a head, the longest head first: "vertrags" + "analyse" is
 * "contract analysis". The head is found in words or by its endings; the modifier the same way once
 * its link letter is off ("vertrag-s"), or as a compound of its own. One part may be an English
 * loanword left as it is ("Software-entwicklung"), the other must be the language's own; a word
 * that is English as a whole ("Workshop") is not taken apart.
 */
function translateCompound(language: Language, word: string, parts: number): string | undefined {
  const links = language.data.compoundLinks;
  if (!links || parts < 2 || !/^\p{L}+$/u.test(word) || isCommonEnglishWord(word)) return undefined;
  for (let at = MIN_MODIFIER; at <= word.length - MIN_HEAD; at++) {
    const headWord = word.slice(at);
    const head = translateListed(language, headWord);
    const headLoanword = head === undefined ? loanword(headWord) : undefined;
    if (head === undefined && headLoanword === undefined) continue;
    const modifierWord = word.slice(0, at);
    for (const link of links) {
      if (!modifierWord.endsWith(link) || modifierWord.length - link.length < MIN_MODIFIER) continue;
      const bare = modifierWord.slice(0, modifierWord.length - link.length);
      const modifier =
        translateListed(language, bare) ??
        translateCompound(language, bare, parts - 1) ??
        // Two loanwords ("Regional-bank") only when both are long enough to be words of their own.
        (head !== undefined || (bare.length >= 6 && headWord.length >= 4) ? loanword(bare) : undefined);
      if (modifier !== undefined) return `${modifier} ${head ?? headLoanword}`;
    }
  }
  return undefined;
}

/** A part of a compound that is an everyday English word carrying a topic ("Team", "Cloud"). */
function loanword(word: string): string | undefined {
  return word.length >= 4 && !ENGLISH.stopWords.has(word) && isCommonEnglishWord(word) ? word : undefined;
}
