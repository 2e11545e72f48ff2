import { franc } from 'franc-min';
import { COMPILED_LEXICON, FUNCTION_WORDS, PHRASES, type Phrase } from './lexicon';
import { foldAccents, isForeignWord, translateWord as lookUpWord } from './lexicon/translate-word';

// The offline clone answers from English content, but visitors also ask in Spanish, German and
// French. For those, a small lexicon (lexicon.ts) maps the words of the headline topics to the
// English words the content uses, and the reply opens with a sentence in the visitor's language.

export type Language = 'en' | 'es' | 'de' | 'fr';

export { foldAccents };

/** Words, with French and Spanish elisions ("d'années", "s'appelle") and hyphenated parts split. */
function words(text: string): string[] {
  return (foldAccents(text).match(/[\p{L}][\p{L}'-]*/gu) ?? [])
    .flatMap((word) => word.split(/[-']/))
    .filter((word) => word.length > 1 || word === 'y' || word === 'a');
}

const FOREIGN = ['es', 'de', 'fr'] as const;
const FUNCTION_WORD_SETS = Object.fromEntries(
  FOREIGN.map((language) => [language, new Set(words(FUNCTION_WORDS[language]))]),
) as Record<(typeof FOREIGN)[number], Set<string>>;
// English words that are also function words elsewhere ("a", "die", "me") do not count.
const ENGLISH = new Set(
  words(`a i in on the to is are do does you your me my we our of and or for with what how
  much many where when who can could would will be have has as an at it`),
);

/** The lexicon's translation of one word, if it has one. */
function translateWord(word: string, language: Exclude<Language, 'en'>): string | undefined {
  return lookUpWord(word, COMPILED_LEXICON[language], language);
}

/**
 * The language of a visitor message: Spanish, German or French when their function words and
 * topic words outweigh English ones; franc (a trigram detector) settles longer messages that the
 * word lists leave open. Short or unclear messages count as English.
 */
export function detectLanguage(text: string): Language {
  const tokens = words(text);
  if (tokens.length === 0) return 'en';
  if (/[¿¡ñ]/.test(text)) return 'es';
  const english = tokens.filter((word) => ENGLISH.has(word)).length;
  const scores = FOREIGN.map((language) => ({
    language,
    score: tokens.filter(
      (word) =>
        !ENGLISH.has(word) &&
        (FUNCTION_WORD_SETS[language].has(word) || isForeignWord(word, COMPILED_LEXICON[language], language)),
    ).length,
  })).sort((a, b) => b.score - a.score);
  const best = scores[0]!;
  const runnerUp = scores[1]!;
  if (best.score >= 2 && best.score > runnerUp.score && best.score > english) return best.language;
  if (text.length >= 25 && best.score >= 1 && best.score > english) {
    const guess = franc(text, { only: ['eng', 'spa', 'deu', 'fra'] });
    const byFranc = ({ spa: 'es', deu: 'de', fra: 'fr' } as const)[guess as 'spa' | 'deu' | 'fra'];
    if (byFranc && scores.find((entry) => entry.language === byFranc)!.score >= 1) return byFranc;
  }
  return 'en';
}

/** The message's topic words in English, for searching English content. Empty for English. */
// Phrases whose words alone mislead ("ça fait combien de temps": how long, not a duration), read
// as the English idiom the phrase tables know.
const IDIOMS: Array<[RegExp, string]> = [
  [
    /\b(ca|cela) fait combien de temps que\b|\bdepuis combien de temps\b|\bwie lange (bist du|sind sie|arbeiten sie|arbeitest du) (schon|bereits)\b|\bseit wann (bist du|sind sie|arbeiten sie)\b|\bcuanto tiempo (llevas|lleva|hace que)\b/,
    'how long have you been',
  ],
];

export function translateToEnglish(text: string, language: Language): string {
  if (language === 'en') return '';
  // French "où" (where) folds into "ou" (or), so it is read before folding.
  const where = language === 'fr' && /\boù\b/i.test(text) ? ['based location'] : [];
  const folded = foldAccents(text.toLowerCase());
  const idioms = IDIOMS.filter(([pattern]) => pattern.test(folded));
  // The idiom's own words are not translated one by one ("temps" would ask for a duration).
  const rest = idioms.reduce((remaining, [pattern]) => remaining.replace(pattern, ' '), folded);
  return readPhrases(words(rest), PHRASES[language])
    .map((piece) => (typeof piece === 'string' ? translateWord(piece, language) : piece.english))
    .filter((english): english is string => english !== undefined && english !== '')
    .concat(
      where,
      idioms.map(([, english]) => english),
    )
    .join(' ');
}

/**
 * The words of a message with the lexicon's phrases ("por tu cuenta", "sur place") taken as one
 * piece each, in place, so the English keeps the visitor's order.
 */
function readPhrases(tokens: string[], phrases: Phrase[]): Array<string | Phrase> {
  const pieces: Array<string | Phrase> = [];
  for (let at = 0; at < tokens.length;) {
    const phrase = phrases.find((candidate) =>
      candidate.words.every((word, offset) => matchesWord(tokens[at + offset], word)),
    );
    if (phrase) {
      pieces.push(phrase);
      at += phrase.words.length;
    } else {
      pieces.push(tokens[at]!);
      at += 1;
    }
  }
  return pieces;
}

function matchesWord(token: string | undefined, word: string): boolean {
  if (token === undefined) return false;
  return word.endsWith('*') ? token.startsWith(word.slice(0, -1)) : token === word;
}

/** The words of a message that no phrase of the lexicon takes. */
function wordsOutsidePhrases(text: string, language: Exclude<Language, 'en'>): string[] {
  return readPhrases(words(text), PHRASES[language]).filter(
    (piece): piece is string => typeof piece === 'string',
  );
}

/**
 * The words the lexicon does not know, long enough to be a cognate of an English word the content
 * uses ("documents", "résultats", "Architektur"): searched as they are, misspellings allowed.
 */
export function untranslatedWords(text: string, language: Language): string[] {
  if (language === 'en') return [];
  return wordsOutsidePhrases(text, language).filter(
    (word) =>
      word.length >= 5 &&
      !FUNCTION_WORD_SETS[language].has(word) &&
      translateWord(word, language) === undefined,
  );
}
