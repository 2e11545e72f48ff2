import type { Knowledge, Section, Sentence } from './knowledge';
import { CURRENCY_AMOUNT, figuresOf } from './answer-types';
import { ENGLISH, fold } from './language-data';
import { conceptOfStem } from './message-reading';
import { stem } from './terms';
import type { Question, Slot } from './understand';

export interface Match {
  section: Section;
  /** Share of the question's weight the section answers (0..1): the engine's confidence. */
  confidence: number;
  /** The slots it answers. */
  answered: Slot[];
  /** How closely one of its example questions (an FAQ heading) says the question (0..1). */
  exampleShare: number;
  score: number;
}

export interface RankedSentence {
  sentence: Sentence;
  /** Share of the question's weight it answers (its section's heading counting for a part). */
  share: number;
  answered: Slot[];
  /** It is about a topic its heading names besides the one asked. */
  isAside?: boolean;
}

const CANDIDATES = 8;
const MONEY_CONCEPTS: ReadonlySet<string> = new Set(ENGLISH.data.moneyConcepts ?? []);
/** What a sentence gains when the question says its bold name whole. */
const NAMED = 0.25;
/** What a sentence gains when it counts what a "how many…" question counts. */
const COUNTED = 1;
/** What a sentence gains when it states a figure the question says ("the $59 plan"). */
const SAID_FIGURE = 0.5;
/** Below this share of the question's weight answered, the clone says it does not know. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** Just under it, a section answers when one of its sentences says nearly all that is asked. */
const NEAR_THRESHOLD = 0.45;
const SENTENCE_ANSWERS = 0.85;
/** A question said almost word for word by an example question of a section. */
export const CLOSE_EXAMPLE = 0.75;

/**
 * Sections for a question, best first. A section is judged by how much of the question it answers
 * as a whole, by its best sentence and by its example questions, so the section that says the fact
 * in the visitor's own words wins over one that only shares a heading.
 */
export function findSections(
  question: Question,
  knowledge: Knowledge,
  lift?: ReadonlyMap<string, number>,
): Match[] {
  const stems = [...new Set(question.slots.flatMap((slot) => slot.stems))];
  if (stems.length === 0) return [];
  const ownStems = new Set(question.slots.flatMap((slot) => [...slot.own, ...(slot.ownPhrase ?? [])]));
  const results = knowledge.search.search(stems.join(' '), {
    boost: { title: 2, examples: 2, text: 1 },
    boostTerm: (term) => (ownStems.has(term) ? 1 : 0.4),
    prefix: (term) => term.length >= 5,
    fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
    weights: { fuzzy: 0.5, prefix: 0.6 },
    combineWith: 'OR',
  });
  const total = totalWeight(question.slots);
  const top = results[0]?.score ?? 1;
  const asked = sayingOf(question.text);
  const isPrice = (slot: Slot) => slot.concept !== undefined && MONEY_CONCEPTS.has(slot.concept);
  const asksPrice = question.slots.some(isPrice);
  // "How much…" wants an amount; "does it cost anything?" is also answered by "it is free".
  const statesPrice = (sentence: Sentence) =>
    sentence.types.has('money') && (!question.asks.has('number') || CURRENCY_AMOUNT.test(sentence.text));
  const matches = results.slice(0, CANDIDATES * 3).map((result) => {
    const section = knowledge.sectionById.get(String(result.id))!;
    const found = new Set(result.queryTerms);
    const statesMoney = asksPrice && section.sentences.some(statesPrice);
    // The search found its words, as they are; "What does it cost?" is answered by a section that
    // states an amount, or that it is free.
    const answered = question.slots.filter(
      (slot) => (statesMoney && isPrice(slot)) || matchPart(found, slot, true) > 0,
    );
    // One of its example questions asked word for word: the owner said this section answers it.
    const isAskedVerbatim = section.examples.some((example) => sayingOf(example) === asked);
    const confidence = isAskedVerbatim ? 1 : totalWeight(answered) / total;
    const score =
      confidence +
      (isAskedVerbatim ? 1 : 0) +
      0.2 * (result.score / top) +
      (lift?.get(section.passage.id) ?? 0);
    return { section, confidence, answered, exampleShare: isAskedVerbatim ? 1 : 0, score };
  });
  matches.sort((a, b) => b.score - a.score);
  for (const match of matches.slice(0, CANDIDATES)) {
    // A spoken reply cannot use what points at the screen: a section is worth what it can say.
    const best = rankSentences(match.section, question).find(
      (ranked) => question.channel !== 'voice' || !ranked.sentence.isScreenOnly,
    );
    match.exampleShare ||= exampleShare(match.section, question.slots, knowledge);
    match.score += 0.8 * (best?.share ?? 0) + 1.0 * match.exampleShare;
  }
  return matches.sort((a, b) => b.score - a.score);
}

/**
 * Whether a section answers the question: it answers enough of the question's weight, or nearly
 * enough and one of its sentences says nearly all of it ("¿cuánto cobras por hora de consultoría?"
 * and "$200 per hour" for advisory work).
 */
export function isConfidentOf(match: Match, question: Question, mayBeNear = true): boolean {
  if (match.confidence >= CONFIDENCE_THRESHOLD) return true;
  if (!mayBeNear || match.confidence < NEAR_THRESHOLD) return false;
  return (rankSentences(match.section, question)[0]?.share ?? 0) >= SENTENCE_ANSWERS;
}

/**
 * The sentences of a section that answer the question, best first. A slot its heading answers
 * counts for a part in every sentence; a number counts when a number is asked.
 */
export function rankSentences(
  section: Section,
  question: Pick<Question, 'slots' | 'asks' | 'countedUnit' | 'text'>,
  isChoosing = false,
): RankedSentence[] {
  const total = totalWeight(question.slots);
  // A figure the visitor writes ("the $59 plan", "15%") is best answered where the content states it.
  const figures = figuresOf(question.text);
  // Items of a list under a heading of two topics ("Education and certifications").
  const aside = isChoosing && !section.isCaseStudy ? topicsAside(section, question.slots) : new Set<string>();
  return section.sentences
    .map((sentence) => {
      let weight = 0;
      const answered: Slot[] = [];
      for (const slot of question.slots) {
        // Choosing within a section, a slot its heading answers names the section, not one of its
        // sentences: every sentence gets it whole, and the other slots choose among them.
        const inHeading = matchPart(section.titleTerms, slot) > 0;
        // The thing asked ("how many hotels…") still chooses the sentence that says it.
        const namesSection =
          isChoosing &&
          !slot.isAskedThing &&
          slot.own.length > 0 &&
          slot.own.every((stem) => hasStem(section.titleTerms, stem));
        const part = Math.max(
          slot.answerType && sentence.types.has(slot.answerType) ? 1 : 0,
          namesSection ? 1 : matchPart(sentence.terms, slot),
          // A field labelled with the concept asked ("technology" asks the "**Stack:**").
          sentence.labelTerms.size > 0 && slot.concept && sentence.labelTerms.has(stem(slot.concept)) ? 1 : 0,
          inHeading ? 0.6 : 0,
        );
        if (part === 0) continue;
        // "your company" is best answered by "my company".
        const isOwners = slot.isOwners && slot.own.some((stem) => sentence.ownerTerms.has(stem));
        weight += (part + (isOwners ? 1 : 0)) * slot.weight;
        answered.push(slot);
      }
      // A sentence that states the kind of fact asked for (an amount, a name) answers it better.
      let stated = 0;
      for (const type of question.asks)
        // "How many years…" is answered best by "20 years", not by any number ("2006-2010").
        if (type === 'number' && question.countedUnit && sentence.counts.has(question.countedUnit))
          stated += COUNTED;
        else if (sentence.types.has(type)) stated += type === 'money' || type === 'duration' ? 0.25 : 0.15;
      // The thing asked by the name the owner gave it ("what's in the startup data stack?"), unless
      // it lacks the kind of fact asked ("how long does a platform migration take?").
      const isNamed =
        sentence.nameTerms.length > 0 &&
        [...question.asks].every((type) => sentence.types.has(type)) &&
        sentence.nameTerms.every((term) => question.slots.some((slot) => slot.own.includes(term)));
      // Under "Education and certifications", a degree is no answer to "which certifications?".
      const isAside = sentence.isListItem && aside.size > 0 && saysTopic(sentence, aside);
      if (figures.some((figure) => sentence.terms.has(figure))) stated += SAID_FIGURE;
      const share = weight / total + stated + (isNamed ? NAMED : 0);
      return { sentence, share: isAside ? share / 2 : share, answered, ...(isAside ? { isAside } : {}) };
    })
    .sort((a, b) => b.share - a.share || a.sentence.order - b.sentence.order);
}

/**
 * The topics a section's heading names besides the one asked ("education" when certifications
 * are asked of "Education and certifications"); none when the heading names no topic asked.
 */
function topicsAside(section: Section, slots: Slot[]): Set<string> {
  const asked = new Set(slots.flatMap((slot) => slot.concept ?? []));
  const named = new Set([...section.titleTerms].flatMap((term) => conceptOfStem(term) ?? []));
  if (![...named].some((concept) => asked.has(concept))) return new Set();
  const aside = new Set([...named].filter((concept) => !asked.has(concept)));
  // Only a list that mixes them: one of its items says the topic asked ("… Certified …") and one
  // does not say the others ("voice minutes" in every plan under "Voice calls: plans and prices").
  const items = section.sentences.filter((sentence) => sentence.isListItem);
  const isMixed =
    items.some((item) => saysTopic(item, asked)) && !items.every((item) => saysTopic(item, aside));
  return isMixed ? aside : new Set();
}

/** A word of the sentence belongs to one of these concepts. */
function saysTopic(sentence: Sentence, concepts: ReadonlySet<string>): boolean {
  return [...sentence.terms].some((term) => concepts.has(conceptOfStem(term) ?? ''));
}

/**
 * 1 when the text has the slot's own word, a half when only a word of its concept: the same word as
 * hasStem reads it, or, when exact, the very stem.
 */
function matchPart(terms: ReadonlySet<string>, slot: Slot, isExact = false): number {
  const has = (stem: string) => (isExact ? terms.has(stem) : hasStem(terms, stem));
  if (slot.own.some(has) || slot.ownPhrase?.every(has)) return 1;
  return slot.related.some((phrase) => phrase.every(has)) ? 0.5 : 0;
}

/**
 * How closely the section's example questions, or its heading (counting a little less), say the
 * question: the weight they share over the larger of the two, so an example about more than the
 * question ("programming languages" for "which languages do you speak") matches it less.
 */
function exampleShare(section: Section, slots: Slot[], knowledge: Knowledge): number {
  const total = totalWeight(slots);
  // How much of the question the example says, times how much of the example the question says.
  const similarity = (terms: ReadonlySet<string>) => {
    const shared = slots.reduce((sum, slot) => sum + matchPart(terms, slot) * slot.weight, 0);
    const matched = slots
      .filter((slot) => matchPart(terms, slot) > 0)
      .flatMap((slot) => [...slot.own, ...(slot.ownPhrase ?? []), ...slot.related.flat()]);
    const said = [...terms].filter((term) => matched.some((stem) => hasStem(new Set([term]), stem)));
    const own = [...terms].reduce((sum, term) => sum + knowledge.weightOf(term), 0) || 1;
    const ownSaid = said.reduce((sum, term) => sum + knowledge.weightOf(term), 0);
    return (shared / total) * (ownSaid / own) ** 2;
  };
  return Math.max(0, ...section.exampleTerms.map(similarity), 0.6 * similarity(section.titleTerms));
}

/** A question as said: its words in order, without case, accents or punctuation. */
function sayingOf(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\d]+/gu, ' ')
    .trim();
}

function totalWeight(slots: Slot[]): number {
  return slots.reduce((sum, slot) => sum + slot.weight, 0) || 1;
}

/** The same word: one stem, or one the other's start but for two letters ("hourli", "hour"). */
function hasStem(terms: ReadonlySet<string>, stem: string): boolean {
  if (terms.has(stem)) return true;
  if (stem.length < 4) return false;
  for (const term of terms) {
    if (term.length < 4) continue;
    const [short, long] = term.length <= stem.length ? [term, stem] : [stem, term];
    if (long.startsWith(short) && (long.length - short.length <= 2 || short.length >= 5)) return true;
  }
  return false;
}

/**
 * A name the content never mentions weighs as much as anything the section answers ("the hotel
 * group's CEO", "projects on Google Cloud"): the question is about what is not there.
 */
export function asksAboutWhatIsNotThere(question: Question, match: Match, knowledge: Knowledge): boolean {
  // The thing asked is a word the content never uses ("which code editor…", "what grades…").
  // So is what belongs to something ("your master's thesis", "the bank's CEO"): the word right
  // after a possessive, not after "what's".
  const possessed = [...fold(question.text).matchAll(/([\p{L}-]+)'s\s+([\p{L}-]+)/gu)]
    .filter(([, owner]) => !ENGLISH.stopWords.has(`${owner}'s`))
    .map(([, , word]) => word);
  const isNotThere = (slot: Slot) =>
    !slot.concept && !slot.answerType && !slot.own.some((term) => knowledge.isKnown(term));
  const asked = question.slots.filter((slot) => slot.isAskedThing || possessed.includes(slot.word));
  if (asked.some(isNotThere)) return true;
  const missing = question.slots.filter((slot) => slot.isMissingName && !match.answered.includes(slot));
  const heaviest = Math.max(0, ...match.answered.map((slot) => slot.weight));
  if (missing.some((slot) => slot.weight >= heaviest)) return true;
  // An amount asked of a section that states none ("how much did you earn there?"), unless the
  // owner's own question for the section says it ("do you charge VAT?" is its FAQ entry's).
  return (
    question.asks.has('money') &&
    (question.asks.has('number') || match.exampleShare < CLOSE_EXAMPLE) &&
    !match.section.sentences.some((s) => s.types.has('money'))
  );
}
