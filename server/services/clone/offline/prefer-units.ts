import type { AnswerUnit, UnitHit, UnitSearch } from '../answer-units';
import { isCaseStudy } from '../knowledge-index';
import { isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';

// What a question asks for lifts the sentences that say it: an amount for a price, a year for
// "when", the names for "which clouds", the case study for "that project".

const PRICE_TERMS = new Set(meaningfulTerms('rates price cost charge fee fees pricing budget quote'));

/** The search with the hits a preference picks scoring double, best first again. */
function liftHits(search: UnitSearch, isPreferred: (hit: UnitHit) => boolean, factor = 2): UnitSearch {
  const hits = search.hits.map((hit) =>
    isPreferred(hit) ? { ...hit, score: hit.score * factor, isPreferred: true } : hit,
  );
  return { ...search, hits: hits.sort((a, b) => b.score - a.score) };
}

/**
 * "What would a one-day training cost?" is answered by the sentence with the training's price, not
 * by the one that describes the training best: when the question asks a price, sentences with an
 * amount that also say what it is about count double.
 */
export function preferPrices(search: UnitSearch, subjectTerms: string[] = search.terms): UnitSearch {
  if (!search.terms.some(isPriceTerm)) return search;
  const subject = subjectTerms.filter(
    (term) => !isPriceTerm(term) && !isProjectWord(term) && !isFramingTerm(term),
  );
  return liftHits(
    search,
    (hit) => hasAmount(hit.unit) && hit.matchedTerms.some((term) => subject.includes(term)),
  );
}
export const isPriceTerm = (term: string) => PRICE_TERMS.has(term);

/** "What clouds do you work with?": a question for the names of things of a kind. */
const ASKS_WHICH_ONES = /\b(?:what|which) (?:\w+ )?(\w+s) (?:do|did|have|would|could|can) (?:you|u)\b/;

/**
 * "Which clouds do you work with?" is answered by the sentence that names them ("on AWS or
 * Azure"), not by the one about cloud work in general: sentences naming two or more things that
 * also say the kind asked for count double.
 */
export function preferNames(search: UnitSearch, query: string): UnitSearch {
  const kind = ASKS_WHICH_ONES.exec(query)?.[1];
  if (!kind) return search;
  const [term] = meaningfulTerms(kind);
  if (!term || isProjectWord(term) || isFramingTerm(term)) return search;
  const namesIn = (text: string) =>
    (
      text
        .replace(/\*\*[^*]*\*\*/g, ' ')
        .match(/(?<![.!?:]\s|^)\b(?:\p{Lu}{2,}|\p{Lu}\p{Ll}+\p{Lu}?\w*)\b/gu) ?? []
    ).length;
  return liftHits(
    search,
    (hit) =>
      [...hit.matchedTerms, ...hit.relatedMatches].includes(term) &&
      namesIn(hit.unit.value ?? hit.unit.text) >= 2,
  );
}

export const ASKS_WHEN_IN_PAST = /\b(when (did|were|was|had)|what year|which year|since when|how long ago)\b/;

/**
 * "When did you go freelance?" is answered by the sentence that dates it ("2018-today: ... I went
 * freelance"), not by the one that says "freelance" best: sentences with a year that also say what
 * the question is about count double.
 */
export function preferDates(search: UnitSearch, query: string): UnitSearch {
  if (!ASKS_WHEN_IN_PAST.test(query)) return search;
  return liftHits(
    search,
    (hit) => /\b(19|20)\d\d\b/.test(hit.unit.text) && hit.matchedTerms.some((term) => !isFramingTerm(term)),
    // A question for a year is answered by a line with one far more often than by one without.
    3,
  );
}

/** Whether a unit states an amount of money ("$3,500 per day"). */
export const hasAmount = (unit: AnswerUnit) => /[$€£]\s?\d/.test(unit.text);

/**
 * "Tell me about your insurance claims project" asks for the case study, not a career line that
 * says the same words: when the question names a project, case studies matching its other words
 * count double.
 */
export function preferCaseStudies(search: UnitSearch, query: string): UnitSearch {
  if (
    !/\b(projects?|case stud(y|ies)|engagements?)\b|\bthing (you|u) (did|built|made|worked on)\b/.test(query)
  )
    return search;
  const subject = search.terms.filter((term) => !isProjectWord(term) && !isFramingTerm(term));
  const isNamed = (hit: UnitHit) =>
    isCaseStudy(hit.unit.passage) &&
    [...hit.matchedTerms, ...hit.relatedMatches].some((term) => subject.includes(term));
  return liftHits(search, isNamed);
}
