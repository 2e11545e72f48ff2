import { ENGLISH, fold, LANGUAGES, type Language } from './language-data';
import type { Knowledge } from './knowledge';
import { splitWords, stem, toTerm } from './terms';

/** One word of the question that carries a topic, with the content words that may answer it. */
export interface Slot {
  word: string;
  /** Stems searched for it: its own (translated) stem, then its concept's words. */
  stems: string[];
  /** How much the question is about it: rare or unknown words weigh most. */
  weight: number;
}

export interface Question {
  text: string;
  language: Language;
  slots: Slot[];
  concepts: Set<string>;
  /** Only a greeting, thanks or goodbye: no topic at all. */
  smallTalk?: 'greetings' | 'thanks' | 'farewells';
  wantsList: boolean;
  wantsProject: boolean;
  /** 1-based position named by an ordinal ("the second one"). */
  ordinal?: number;
  /** Opens with "and for…", "what about…": it carries the previous question on. */
  isFollowUp: boolean;
}

/** Whether a folded phrase occurs in a folded text as whole words. */
export function hasPhrase(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at === -1) return false;
  const before = text[at - 1];
  const after = text[at + phrase.length];
  const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  return (!isWordChar(before) && !isWordChar(after)) || hasPhrase(text.slice(at + 1), phrase);
}

/** The language with the most of its own words in the message; English on a tie. */
export function detectLanguage(text: string): Language {
  const words = splitWords(text);
  let best = ENGLISH;
  let bestScore = 0;
  for (const language of LANGUAGES) {
    let score = 0;
    for (const word of words) {
      if (language.stopWords.has(word)) score += 1;
      else if (language.words.has(word) || language.conceptPhrases.has(word)) score += 0.75;
    }
    for (const list of [language.greetings, language.thanks])
      if (list.some((p) => hasPhrase(fold(text), p))) score += 1;
    if (score > bestScore + (language === ENGLISH ? 0 : 0.5)) {
      best = language;
      bestScore = score;
    }
  }
  return best;
}

/** Reads a visitor's message into what the engine searches for. */
export function understand(text: string, knowledge: Knowledge, language = detectLanguage(text)): Question {
  const folded = fold(text);
  const concepts = new Set<string>();
  // Concept phrases of several words are found first and taken out, so their words are not read twice.
  let rest = folded;
  const phrases = [
    ...language.conceptPhrases.entries(),
    ...(language === ENGLISH ? [] : ENGLISH.conceptPhrases.entries()),
  ]
    .filter(([phrase]) => phrase.includes(' '))
    .sort((a, b) => b[0].length - a[0].length);
  const slots: Slot[] = [];
  for (const [phrase, concept] of phrases) {
    if (!hasPhrase(rest, phrase)) continue;
    concepts.add(concept);
    slots.push(slotFor(phrase, [], concept, knowledge));
    rest = rest.replace(phrase, ' ');
  }
  for (const group of knowledge.synonyms) {
    const found = group.find((phrase) => hasPhrase(rest, fold(phrase)));
    if (!found) continue;
    slots.push(
      slotFor(
        found,
        group.flatMap((phrase) => splitWords(phrase).map(stem)),
        undefined,
        knowledge,
      ),
    );
    rest = rest.replace(fold(found), ' ');
  }
  const ignored = new Set([...language.stopWords, ...ENGLISH.stopWords, ...ownerNameWords(knowledge)]);
  for (const written of splitWords(rest)) {
    // Chat shorthand and everyday words of other languages, in the content's words.
    const english = language.words.get(written) ?? ENGLISH.words.get(written);
    const word = english && !english.includes(' ') ? english : written;
    if (ignored.has(word) || ignored.has(written) || language.ordinals.includes(word)) continue;
    const concept = language.conceptPhrases.get(word) ?? ENGLISH.conceptPhrases.get(english ?? word);
    if (concept) concepts.add(concept);
    const own = (english ? splitWords(english) : [word])
      .map((w) => toTerm(w))
      .filter((t): t is string => t !== null)
      .map((term) => correctSpelling(term, knowledge));
    if (own.length === 0 && !concept) continue;
    slots.push(slotFor(word, own, concept, knowledge));
  }

  const words = splitWords(folded);
  const onlySmallTalk = (list: string[]) => {
    let left = folded;
    for (const phrase of [...list].sort((a, b) => b.length - a.length))
      if (hasPhrase(left, phrase)) left = left.replace(phrase, ' ');
    return (
      list.some((phrase) => hasPhrase(folded, phrase)) &&
      slots.length === 0 &&
      splitWords(left).every((w) => ignored.has(w))
    );
  };
  const smallTalk = (['greetings', 'thanks', 'farewells'] as const).find((kind) =>
    onlySmallTalk(language[kind]),
  );
  const ordinalIndex = language.ordinals.findIndex((ordinal) => words.includes(ordinal));
  return {
    text,
    language,
    slots,
    concepts,
    smallTalk,
    wantsList: language.listWords.some((phrase) => hasPhrase(folded, phrase)),
    wantsProject:
      concepts.has('project') || language.projectWords.some((phrase) => hasPhrase(folded, phrase)),
    ordinal: ordinalIndex === -1 ? undefined : (ordinalIndex % 6) + 1,
    isFollowUp:
      language.followUps.some((phrase) =>
        hasPhrase(folded.trimStart().slice(0, phrase.length + 1), phrase),
      ) || words.length <= 3,
  };
}

function slotFor(word: string, own: string[], concept: string | undefined, knowledge: Knowledge): Slot {
  const related = concept
    ? (ENGLISH.data.concepts[concept] ?? []).flatMap((phrase) => splitWords(phrase).map((w) => toTerm(w)))
    : [];
  const stems = [...new Set([...own, ...related].filter((t): t is string => t !== null))];
  // A word is worth what its most telling form is; a concept word is about as telling as its concept.
  const known = stems.filter((term) => knowledge.isKnown(term));
  const weight =
    own.length > 0 && own.every((term) => !knowledge.isKnown(term)) && known.length === 0
      ? knowledge.weightOf('\u0000unknown')
      : Math.max(...(known.length > 0 ? known : stems).map((term) => knowledge.weightOf(term)), 0.5);
  return { word, stems, weight };
}

/** A stem the content never uses, read as the content's nearest one when a letter or two apart. */
function correctSpelling(term: string, knowledge: Knowledge): string {
  if (term.length < 4 || /\d/.test(term) || knowledge.isKnown(term)) return term;
  const limit = term.length >= 8 ? 2 : 1;
  let best = term;
  let bestDistance = limit + 1;
  for (const known of knowledge.terms) {
    if (Math.abs(known.length - term.length) > limit || known[0] !== term[0]) continue;
    const distance = editDistance(term, known, limit);
    if (distance < bestDistance) [best, bestDistance] = [known, distance];
  }
  return best;
}

/** Levenshtein distance, given up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      rowMin = Math.min(rowMin, current[j]!);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

function ownerNameWords(knowledge: Knowledge): string[] {
  return splitWords(knowledge.ownerName);
}
