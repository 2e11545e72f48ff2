import { ENGLISH, fold, hasPhrase, type Language } from './language-data';
import { englishOf, translateListed, withoutElision } from './translate';
import { type AnswerType } from './answer-types';
import type { Knowledge } from './knowledge';
import {
  ASKED_THING_WEIGHT,
  capitalisedWords,
  conceptOfStem,
  endsAskedThing,
  isAskedThing,
  spellingVocabulary,
} from './message-reading';
import { isCommonEnglishWord } from './common-words';
import { correctWord, withMissingLetter } from './spelling';
import { splitWords, stem, termsOf, toTerm } from './terms';

/** An everyday word's weight at most, against a word of median spread in the content. */
export const EVERYDAY_WEIGHT = 0.8;

// How a question's words become slots: phrases of a concept or of the owner's synonyms first, then
// each word read in the content's terms (elided, translated, corrected), weighed by what it tells apart.

/** One word of the question that carries a topic, with the content words that may answer it. */
export interface Slot {
  word: string;
  /** Stems searched for it: its own, then its concept's words. */
  stems: string[];
  /** The visitor's own words for it (translated, corrected, stemmed). */
  own: string[];
  /** The visitor's own phrase ("time zone"), as stems: it counts only whole. */
  ownPhrase?: string[];
  /** Its concept's words and phrases, as stems. */
  related: string[][];
  /** How much the question is about it: rare or unknown words weigh most. */
  weight: number;
  /** A name or technology the content never mentions ("SAP"): the question is about what is not there. */
  isMissingName?: boolean;
  /** The concept it belongs to, if any. */
  concept?: string;
  /** Said as the owner's own ("your company"): a sentence that says "my company" answers it. */
  isOwners?: boolean;
  /** The last word of the thing asked ("which code editor"): what the answer must be about. */
  isAskedThing?: boolean;
  /** It only says what kind of fact is asked ("name"): a sentence stating one answers it. */
  answerType?: AnswerType;
  /** Written as a plural ("plans", "certifications"): the visitor expects a list. */
  isPlural?: boolean;
}

/** Words that name no topic: the language's and English stop words, and the owner's name. */
export function ignoredWords(language: Language, knowledge: Knowledge): ReadonlySet<string> {
  return new Set([...language.stopWords, ...ENGLISH.stopWords, ...splitWords(knowledge.ownerName)]);
}

/** Concept phrases of several words and the owner's synonyms, taken out of the text as slots. */
export function readPhrases(
  folded: string,
  language: Language,
  knowledge: Knowledge,
  concepts: Set<string>,
): { slots: Slot[]; rest: string } {
  // Found first and taken out, so their words are not read twice.
  let rest = folded;
  const phrases = [...new Set([language, ENGLISH])]
    .flatMap((l) => [...l.conceptPhrases])
    .filter(([phrase]) => phrase.includes(' '))
    .sort((a, b) => b[0].length - a[0].length);
  const slots: Slot[] = [];
  for (const [phrase, concept] of phrases) {
    if (!hasPhrase(rest, phrase)) continue;
    concepts.add(concept);
    // A phrase counts whole, through its concept ("set me back" is not about "back"), and as its
    // words together: a phrase of another language as the words the language data translates.
    const isForeign = language !== ENGLISH && !ENGLISH.conceptPhrases.has(phrase);
    const translated = splitWords(phrase)
      .map((word) => (isForeign ? language.words.get(word) : word))
      .flatMap((word) => (word === undefined || ENGLISH.stopWords.has(word) ? [] : termsOf(word)));
    const own = isForeign && translated.length === 1 ? translated : [];
    const ownPhrase = own.length === 0 ? translated : [];
    slots.push(slotFor(phrase, own, concept, knowledge, { ownPhrase }));
    rest = rest.replace(phrase, ' ');
  }
  for (const group of knowledge.synonyms) {
    const found = group.find((phrase) => hasPhrase(rest, fold(phrase)));
    if (!found) continue;
    const own = group.flatMap((phrase) => splitWords(phrase).map(stem));
    slots.push(slotFor(found, own, undefined, knowledge));
    rest = rest.replace(fold(found), ' ');
  }
  return { slots, rest };
}

/** The words left once phrases are out: each read (elided, translated, corrected) into a slot. */
export function readWords(
  text: string,
  folded: string,
  rest: string,
  language: Language,
  knowledge: Knowledge,
  concepts: Set<string>,
): Slot[] {
  const slots: Slot[] = [];
  const names = capitalisedWords(text);
  const ignored = ignoredWords(language, knowledge);
  const vocabulary = spellingVocabulary(knowledge, language);
  const yours = new Set([language, ENGLISH].flatMap((l) => l.data.possessives?.yours ?? []));
  // Chat shorthand and everyday words of other languages, in the content's words; a word known
  // nowhere is read as the nearest known one.
  const isKnownWord = (w: string) => englishOf(language, w) !== undefined || vocabulary.has(w);
  // "parlez-vous", "one-man": a compound nobody uses is read through its parts; one known whole
  // ("Estados-Unidos", "fixed-price") is read whole, and its parts not again.
  const asRead = (words: string[]) => {
    const read: string[] = [];
    for (let at = 0; at < words.length; at++) {
      const word = words[at]!;
      if (!word.includes('-')) read.push(word);
      // Its parts follow it (splitWords).
      else if (isKnownWord(withoutElision(language, word))) {
        read.push(word);
        at += word.split('-').filter(Boolean).length;
      }
    }
    return read;
  };
  const typedWords = asRead(splitWords(rest));
  const allWords = asRead(splitWords(folded));
  let conceptAsked: Slot | undefined;
  for (const [at, raw] of typedWords.entries()) {
    // "l'heure" is "heure": an article joined by an apostrophe carries nothing.
    const typed = withoutElision(language, raw);
    // A number the visitor writes ("€100", "in 2 weeks", "at 5pm") is a claim, a quantity or a
    // time of day, not a topic.
    if (/^[\d.,]+(?:am|pm)?$/.test(typed)) continue;
    const written =
      isKnownWord(typed) || (language === ENGLISH && isCommonEnglishWord(typed))
        ? typed
        : (withMissingLetter(typed, language.stopWords) ?? correctWord(typed, vocabulary));
    // A word the content uses ("assistant") is not read by its stem as another word of the language.
    const english = englishOf(language, written, !vocabulary.has(written));
    const word = english && !english.includes(' ') ? english : written;
    // A question word that names a concept ("where", "dónde") asks for it, though it is a stop word,
    // when nothing else asked names a concept ("where did you study?" asks about the studies).
    const asksConcept = language.questionWords.includes(written) && language.conceptPhrases.has(written);
    if (((ignored.has(word) || ignored.has(written)) && !asksConcept) || language.ordinals.includes(word))
      continue;
    const concept =
      language.conceptPhrases.get(word) ??
      ENGLISH.conceptPhrases.get(english ?? word) ??
      conceptOfStem(stem(english ?? word));
    if (concept) concepts.add(concept);
    // A word of another language that only names a concept ("ofreces") is as close to each of
    // the concept's single English words as to any.
    const conceptWords = (ENGLISH.data.concepts[concept ?? ''] ?? []).filter((p) => !p.includes(' '));
    const isForeignConceptWord = language !== ENGLISH && !english && concept !== undefined;
    const ownWords = english ? splitWords(english) : isForeignConceptWord ? conceptWords : [word];
    const own = ownWords.flatMap((w) => toTerm(w) ?? []);
    if (own.length === 0 && !concept) continue;
    // A word the content lacks is the question's topic when it reads as a name or a technology
    // ("SAP"); an everyday word or an unmapped word of another language weighs less.
    // Three letters or fewer, uncapitalised, is more often a slip ("yuo") than a name.
    // A word the language data translates is an everyday word, capitalised or not ("Beratung").
    const isName =
      !english &&
      (names.has(typed) ||
        /\d/.test(typed) ||
        (language === ENGLISH && typed.length > 3 && !isCommonEnglishWord(word)));
    // A listed word of several senses is everyday when each of its senses is ("comprend":
    // "understand include"); a compound read through its parts names a thing ("Klinikverbund").
    const senses = translateListed(language, written) !== undefined ? splitWords(english ?? word) : [word];
    const isEveryday = senses.every((sense) => isCommonEnglishWord(sense));
    const slot = slotFor(word, own, concept, knowledge, { isName, isEveryday });
    const before = typedWords[at - 1] ?? '';
    // The thing asked ("which sectors…", "quelles langues…") counts more than the words around it.
    slot.isAskedThing = endsAskedThing(allWords, allWords.indexOf(typed), language, ignored);
    if (slot.isAskedThing) slot.weight *= ASKED_THING_WEIGHT;
    slot.isOwners = yours.has(before) || yours.has(ENGLISH.words.get(before) ?? '');
    // A plural ("plans", "servicios" read as "services"): the visitor expects a list.
    const form = language === ENGLISH ? typed : (english ?? '');
    slot.isPlural =
      (/[^s]s$/.test(form) && stem(form) !== form) ||
      (language !== ENGLISH &&
        isAskedThing(allWords, allWords.indexOf(typed), language) &&
        (language.data.pluralSuffixes ?? []).some((end) => typed.endsWith(end)));
    slots.push(slot);
    if (asksConcept) conceptAsked = slot;
  }
  const otherConcept = conceptAsked && [...concepts].some((concept) => concept !== conceptAsked.concept);
  return otherConcept ? slots.filter((slot) => slot !== conceptAsked) : slots;
}

function slotFor(
  word: string,
  own: string[],
  concept: string | undefined,
  knowledge: Knowledge,
  { isName = true, isEveryday = false, ownPhrase = [] as string[] } = {},
): Slot {
  // The concept's words and phrases, each as its stems: a phrase counts only whole ("free time").
  const related = (concept ? (ENGLISH.data.concepts[concept] ?? []) : []).flatMap((phrase) => {
    const stems = termsOf(phrase);
    // A phrase that keeps one word of several ("after work") would match that word anywhere.
    return stems.length > 0 && (splitWords(phrase).length === 1 || stems.length > 1) ? [stems] : [];
  });
  // A name the content builds on the word answers it too (a "...search" product, a question of "search").
  const compounds = own.flatMap((term) => knowledge.compoundsOf.get(term) ?? []);
  const ownStems = [...new Set([...own, ...compounds])];
  const stems = [...new Set([...ownStems, ...related.flat()])];
  // A word is worth what it tells apart: its own form when the content uses it (else the names
  // built on it), else the most common of its concept's words and phrases (no rarer than its concept).
  const known = own.filter((term) => knowledge.isKnown(term));
  const knownOwn = known.length > 0 ? known : compounds;
  const knownPhrases = [ownPhrase, ...related]
    .filter((phrase) => phrase.length > 0)
    .filter((phrase) => phrase.every((term) => knowledge.isKnown(term)));
  const phraseWeight = (phrase: string[]) => Math.max(...phrase.map((term) => knowledge.weightOf(term)));
  // An everyday word the content happens to use once ("full", "put") is no topic of its own.
  const everyday = EVERYDAY_WEIGHT * knowledge.weightOf(knowledge.commonTerm);
  const cap = !concept && !isName && isEveryday ? everyday : Infinity;
  const weight =
    knownOwn.length > 0
      ? Math.min(cap, Math.max(...knownOwn.map((term) => knowledge.weightOf(term))))
      : knownPhrases.length > 0
        ? // A concept asked weighs no less than an everyday word beside it ("typing" of "...or a bot?").
          Math.max(everyday, Math.min(...knownPhrases.map(phraseWeight)))
        : isName
          ? knowledge.weightOf('\u0000unknown')
          : knowledge.weightOf(knowledge.commonTerm) * 0.6;
  const isKnown = knownOwn.length + knownPhrases.length > 0;
  return {
    word,
    stems,
    own: ownStems,
    ...(ownPhrase.length > 0 ? { ownPhrase } : {}),
    related,
    weight,
    concept,
    isMissingName: isName && !isKnown && own.length > 0,
  };
}
