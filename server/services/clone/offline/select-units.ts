import type { AnswerUnit, UnitHit, UnitSearch } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex } from '../knowledge-index';
import { relatedTerms } from '../related-terms';
import { countWords, isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';
import { hasAmount } from './prefer-units';
import type { VisitorMessage } from './understand-message';

// Which sentences answer a question, and whether the clone knows enough to answer at all.

/** Share of the question's weight (rare words weigh more) the chosen sentences must match. */
export const MIN_CONFIDENCE = 0.45;
const MIN_ANCHORED_CONFIDENCE = 0.3;
/** How much less of a question must be matched for each of its words beyond three. */
const LENIENCY_PER_TERM = 0.04;
/** A sentence scoring this share of the best one answers the question as well. */
const CLOSE_SCORE = 0.6;
export const MAX_NARROW_UNITS = 3;
/** Share of the question's weight the best sentence must match by itself. */
const MIN_BEST_COVERAGE = 0.28;
/** Sentences scoring this share of the best one count towards how much of the question is known. */
const SUPPORTING_SCORE = 0.3;

/** Units for a query, lifted by how well their whole section matches it. */
export function findUnits(
  index: KnowledgeIndex,
  query: string,
  /** Unit ids to search among. */
  only?: ReadonlySet<string>,
  /** Sections the conversation is about: lifted as if they matched best. */
  current?: ReadonlySet<string>,
): UnitSearch {
  const passages = index.search(query, { limit: 50 });
  const top = passages[0]?.score ?? 0;
  const passageScores = new Map(passages.map((hit) => [hit.passage.id, top > 0 ? hit.score / top : 0]));
  for (const id of current ?? []) passageScores.set(id, 1);
  return index.units.search(query, { only, passageScores });
}

/** The best units for a search, or none when they match too little of the question. */
export function pickUnits(
  index: KnowledgeIndex,
  search: UnitSearch,
  {
    requireConfidence = true,
    names = [],
  }: {
    requireConfidence?: boolean;
    /** The names the question capitalises, as search terms. */
    names?: string[];
  } = {},
): AnswerUnit[] | undefined {
  const top = search.hits[0];
  if (!top) return undefined;
  const close = search.hits.filter((hit) => hit.score >= top.score * CLOSE_SCORE);
  // Of the sentences that score about as well, the one that says most of the question leads.
  const closest = close
    .filter((hit) => Boolean(hit.isPreferred) === Boolean(top.isPreferred))
    .reduce((lead, hit) => (coverage([hit], search) > coverage([lead], search) ? hit : lead), top);
  const scoring = search.hits.filter((hit) => hit.score >= top.score * SUPPORTING_SCORE);
  // A sentence further behind that says far more of the question leads instead: "how long is the
  // intro call?" is the intro call's line, not a short one about calls.
  // Not when the closest matched only through related words ("which state?" and "based in"):
  // those words were chosen to lead there.
  const best =
    (closest.exactTerms.length > 0 &&
      scoring.find(
        (hit) =>
          Boolean(hit.isPreferred) === Boolean(top.isPreferred) &&
          // More of the question as written, not only through a word it starts ("proper": "property").
          hit.exactTerms.length > closest.exactTerms.length &&
          coverage([hit], search) >= Math.max(MIN_BEST_COVERAGE, 1.6 * coverage([closest], search)),
      )) ||
    closest;
  const supporting = [best, ...scoring.filter((hit) => hit !== best)];
  // Together the best sentences must match most of the question, and the best one a good part of
  // it on its own: three sentences matching one word each answer nothing.
  // A rare word the best sentence's heading says ("your discovery phase") carries a question with
  // a few words the content does not use.
  // ...and a long question carries more words of its own that the content need not have.
  const longBy = Math.max(0, search.terms.length - 3);
  const minConfidence = Math.max(
    search.terms.length >= 7 ? 0.22 : MIN_ANCHORED_CONFIDENCE,
    (best.anchorTerms.length > 0 ? MIN_ANCHORED_CONFIDENCE : MIN_CONFIDENCE) - LENIENCY_PER_TERM * longBy,
  );
  // Or the best sentence's section, on its own, says most of it (a long question told as a story).
  const sameSection = search.hits.filter((hit) => hit.unit.passage === best.unit.passage);
  const isKnown =
    ((coverage(supporting.slice(0, 6), search) >= minConfidence &&
      coverage([best], search) >= MIN_BEST_COVERAGE) ||
      coverage(sameSection, search) >= MIN_CONFIDENCE) &&
    // "What did you score?" met "Shore" only as a near spelling: the speller left "score" alone.
    (best.exactTerms.length > 0 ||
      best.relatedMatches.length > 0 ||
      best.anchorTerms.length > 0 ||
      hasPrefixMatch(best)) &&
    !namesSomethingUnknown(search, names);
  if (requireConfidence && !isKnown) return undefined;
  const picked: UnitHit[] = [best];
  const covered = new Set(best.matchedTerms);
  // Items of the lead's list that say a word of the question count even when further behind:
  // "which professional certifications?" lifts the one item that says "Professional".
  // Not a price list nor a case study's fields: there the one line asked for is the answer.
  const siblings =
    best.unit.isListItem && !isCaseStudy(best.unit.passage) && !hasAmount(best.unit)
      ? supporting.filter(
          (hit) =>
            !close.includes(hit) &&
            hit.unit.isListItem &&
            hit.unit.passage === best.unit.passage &&
            !hasAmount(hit.unit),
        )
      : [];
  for (const hit of [...close, ...siblings].filter((hit) => hit !== best)) {
    if (picked.length >= MAX_NARROW_UNITS) break;
    const addsTerm = hit.matchedTerms.some((term) => !covered.has(term));
    // The next sentence of the same paragraph reads on; list items stand alone.
    const isNeighbour =
      !hit.unit.isListItem &&
      picked.some(
        (chosen) =>
          !chosen.unit.isListItem &&
          chosen.unit.passage === hit.unit.passage &&
          Math.abs(chosen.unit.order - hit.unit.order) === 1,
      );
    // "Which certifications?": the other items of the same list that match as well belong too.
    const isSibling =
      hit.unit.isListItem &&
      picked.some(
        (chosen) =>
          chosen.unit.isListItem &&
          chosen.unit.passage === hit.unit.passage &&
          sharedOwnWords(chosen.unit, hit.unit, search.terms, index),
      );
    if (!addsTerm && !isNeighbour && !isSibling) continue;
    picked.push(hit);
    hit.matchedTerms.forEach((term) => covered.add(term));
  }
  const units = picked.map((hit) => hit.unit);
  bringNeighbourSaying(index, units, best, search.terms);
  // "That usually means…" reads on from the sentence before it, which comes first.
  const opening = units[0]!;
  const before = index.units.previous(opening);
  if (
    !opening.isListItem &&
    /^(That|This|These|Those|It|They)\b/.test(opening.text) &&
    before &&
    !before.isListItem
  ) {
    if (!units.includes(before)) units.unshift(before);
  }
  // "Yes." alone says little: a short sentence brings the one after it.
  const first = units[0]!;
  if (!first.isListItem && first.text.split(/\s+/).length < 6) {
    const next = index.units.next(first);
    if (next && !units.includes(next)) units.splice(1, 0, next);
  }
  return units;
}

/**
 * "On site, or all over video?" finds "I travel on site…" under the heading "…do you work
 * remotely?": the heading's word the lead matched is said by the sentence next to it ("I work
 * remotely…"), which joins the answer in its place.
 */
const MAX_NEIGHBOURS_WORDS = 40;

function bringNeighbourSaying(index: KnowledgeIndex, units: AnswerUnit[], lead: UnitHit, terms: string[]) {
  const first = units[0]!;
  if (first.isListItem || lead.unit !== first) return;
  const own = new Set(meaningfulTerms(first.text));
  const headingOnly = lead.matchedTerms.filter((term) => terms.includes(term) && !own.has(term));
  if (headingOnly.length === 0) return;
  for (const [neighbour, at] of [
    [index.units.previous(first), 0],
    [index.units.next(first), 1],
  ] as const) {
    if (!neighbour || neighbour.isListItem || units.includes(neighbour)) continue;
    if (countWords(`${first.text} ${neighbour.text}`) > MAX_NEIGHBOURS_WORDS) return;
    const says = new Set(meaningfulTerms(neighbour.text));
    if (headingOnly.some((term) => says.has(term))) {
      units.splice(at, 0, neighbour);
      return;
    }
  }
}

/**
 * Whether a sentence outside the case studies says nearly all of a question, with three words of
 * its own beyond "project": it answers, not the list of projects.
 */
export function isSaidOutsideProjects(search: UnitSearch): boolean {
  const top = search.hits[0];
  return (
    top !== undefined &&
    !isCaseStudy(top.unit.passage) &&
    coverage([top], search) >= 0.8 &&
    top.exactTerms.filter((term) => !isProjectWord(term)).length >= 3
  );
}

/**
 * Whether the question names something the content never mentions: a name it capitalises ("SAP",
 * "GitHub", "Google Cloud") that no sentence has, even misspelled. Without it there is no answer.
 */
export function namesSomethingUnknown(search: UnitSearch, names: string[]): boolean {
  return names.some(
    (name) => !search.isKnown(name) && !search.hits.some((hit) => hit.matchedTerms.includes(name)),
  );
}

/** "hospitl" and "hospital": one letter added, dropped or changed. */
function isOneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const rest = (x: string, skip: number) => x.slice(i + skip);
  return rest(a, 1) === rest(b, 1) || rest(a, 0) === rest(b, 1) || rest(a, 1) === rest(b, 0);
}

const LONG_LIST = 8;

/**
 * Whether two units both say one of the question's words themselves (not only in their heading),
 * one that not most of their long list says: "Memorial Day" and "Labor Day" share only "day".
 */
function sharedOwnWords(a: AnswerUnit, b: AnswerUnit, terms: string[], index: KnowledgeIndex): boolean {
  const own = (unit: AnswerUnit) => new Set(meaningfulTerms(unit.text));
  const inA = own(a);
  const inB = own(b);
  const list = index.units.units.filter((unit) => unit.passage === a.passage && unit.isListItem).map(own);
  // In a long list only: a short one's items belong together ("Monthly", "Professional" plans).
  const isCommon = (term: string) =>
    list.length >= LONG_LIST && list.filter((words) => words.has(term)).length > list.length / 2;
  return terms.some((term) => inA.has(term) && inB.has(term) && !isCommon(term));
}

/** Weighted share of the question's terms the hits match: rare and unknown words weigh most. */
export function coverage(top: UnitHit[], search: UnitSearch): number {
  const weightOf = (term: string) =>
    isFramingTerm(term) && search.terms.length > 1 ? search.weightOf(term) * 0.3 : search.weightOf(term);
  const total = search.terms.reduce((sum, term) => sum + weightOf(term), 0);
  if (total === 0) return 0;
  // As written counts fully; misspelled or as a prefix a little less; only through a related word
  // ("charge" through "rates") half.
  const quality = (term: string) =>
    top.some((hit) => hit.exactTerms.includes(term))
      ? 1
      : top.some((hit) => hit.matchedTerms.includes(term))
        ? 0.6
        : top.some((hit) => hit.relatedMatches.includes(term))
          ? 0.5
          : 0;
  const found = search.terms.reduce((sum, term) => sum + weightOf(term) * quality(term), 0);
  return found / total;
}

/**
 * Whether a hit answers something narrower than its section: it matched a question word that its
 * section's heading does not have ("hourly" in Rates), rather than only the heading ("rates").
 */
export function isSpecific(
  hit: UnitHit,
  focus: string[],
  sectionText: string,
  { fallback }: { fallback: string[] },
): boolean {
  const { title, documentTitle = '' } = hit.unit.passage;
  const titleTerms = meaningfulTerms(`${title} ${documentTitle}`);
  const sameWord = (word: string, term: string) =>
    word === term ||
    (term.length >= 4 && (word.startsWith(term) || term.startsWith(word))) ||
    (term.length >= 6 && isOneEditApart(word, term));
  // "charge" asks for the Rates section as much as "rates" does, unless its sentences say "charge".
  const sectionTerms = meaningfulTerms(sectionText);
  const inTitle = (term: string) =>
    titleTerms.some((word) => sameWord(word, term)) ||
    (!sectionTerms.some((word) => sameWord(word, term)) &&
      (relatedTerms([term]).get(term) ?? []).some((related) =>
        titleTerms.some((word) => sameWord(word, related)),
      ));
  // "What are your rates?" asks for the section; "your payment terms?" for something in it.
  const isTopical = (term: string) => !isProjectWord(term) && !isFramingTerm(term);
  // Only "project" of the visitor's own words left: the words their phrase stood for judge it.
  const ownAsked = focus.filter(isTopical);
  const asked = ownAsked.length > 0 ? ownAsked : fallback.filter(isTopical);
  return asked.some((term) => !inTitle(term));
}

/** The visitor's own words of a clause (not those a phrase stood for), to judge how narrow it is. */
export function focusTerms(clauseQuery: string, message: VisitorMessage): string[] {
  const focus = meaningfulTerms(message.focus);
  const clause = new Set(meaningfulTerms(clauseQuery));
  return focus.filter((term) => clause.has(term));
}

/** Whether a hit's words meet the question's at least by their start ("kubernet" and "Kubernetes"). */
function hasPrefixMatch(hit: UnitHit): boolean {
  const words = meaningfulTerms(`${hit.unit.text} ${hit.unit.passage.title}`);
  return hit.matchedTerms.some((term) => term.length >= 4 && words.some((word) => word.startsWith(term)));
}
