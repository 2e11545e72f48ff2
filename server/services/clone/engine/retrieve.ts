import type { Knowledge, Section, Sentence } from './knowledge';
import type { Question, Slot } from './understand';

export interface Match {
  section: Section;
  /** Share of the question's weight the section answers (0..1): the engine's confidence. */
  confidence: number;
  /** The slots it answers. */
  answered: Slot[];
  score: number;
}

export interface RankedSentence {
  sentence: Sentence;
  /** Share of the question's weight it answers; a slot met only through its concept counts half. */
  share: number;
  answered: Slot[];
}

const CANDIDATES = 8;

/**
 * Sections for a question, best first. A section is judged by how much of the question it answers
 * as a whole and by its best sentence, so the section that says the fact in the visitor's own
 * words wins over one that only shares a heading.
 */
export function findSections(
  question: Question,
  knowledge: Knowledge,
  lift?: ReadonlyMap<string, number>,
): Match[] {
  const stems = [...new Set(question.slots.flatMap((slot) => slot.stems))];
  if (stems.length === 0) return [];
  const ownStems = new Set(question.slots.map((slot) => slot.stems[0]));
  const results = knowledge.search.search(stems.join(' '), {
    boost: { title: 2, examples: 2, text: 1 },
    boostTerm: (term) => (ownStems.has(term) ? 1 : 0.4),
    prefix: (term) => term.length >= 5,
    fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
    weights: { fuzzy: 0.5, prefix: 0.6 },
    combineWith: 'OR',
  });
  const total = question.slots.reduce((sum, slot) => sum + slot.weight, 0);
  const top = results[0]?.score ?? 1;
  const matches = results.slice(0, CANDIDATES * 3).map((result) => {
    const section = knowledge.sectionById.get(String(result.id))!;
    const answered = question.slots.filter((slot) =>
      slot.stems.some((stem) => result.queryTerms.includes(stem)),
    );
    const confidence = answered.reduce((sum, slot) => sum + slot.weight, 0) / total;
    return {
      section,
      confidence,
      answered,
      score: confidence + 0.2 * (result.score / top) + (lift?.get(section.passage.id) ?? 0),
    };
  });
  matches.sort((a, b) => b.score - a.score);
  for (const match of matches.slice(0, CANDIDATES)) {
    const best = rankSentences(match.section, question.slots)[0];
    const examples = match.section.examples.length > 0 ? 0.3 * exampleShare(match.section, question) : 0;
    match.score += 0.6 * (best?.share ?? 0) + examples;
  }
  return matches.sort((a, b) => b.score - a.score);
}

/** The sentences of a section that answer the question, best first. */
export function rankSentences(section: Section, slots: Slot[]): RankedSentence[] {
  const total = slots.reduce((sum, slot) => sum + slot.weight, 0) || 1;
  return section.sentences
    .map((sentence) => {
      let weight = 0;
      const answered: Slot[] = [];
      for (const slot of slots) {
        const own = slot.stems[0] !== undefined && hasStem(sentence.terms, slot.stems[0]);
        if (own || slot.stems.slice(1).some((stem) => hasStem(sentence.terms, stem))) {
          weight += own ? slot.weight : slot.weight / 2;
          answered.push(slot);
        }
      }
      return { sentence, share: weight / total, answered };
    })
    .sort((a, b) => b.share - a.share || a.sentence.order - b.sentence.order);
}

/** How much of the question an example question of the section (or its FAQ heading) shares. */
function exampleShare(section: Section, question: Question): number {
  const total = question.slots.reduce((sum, slot) => sum + slot.weight, 0) || 1;
  return Math.max(
    ...section.exampleTerms.map(
      (terms) =>
        question.slots
          .filter((slot) => slot.stems.some((stem) => hasStem(terms, stem)))
          .reduce((sum, slot) => sum + slot.weight, 0) / total,
    ),
    0,
  );
}

function hasStem(terms: ReadonlySet<string>, stem: string): boolean {
  if (terms.has(stem)) return true;
  if (stem.length < 5) return false;
  for (const term of terms)
    if (term.startsWith(stem) || (term.length >= 5 && stem.startsWith(term))) return true;
  return false;
}
