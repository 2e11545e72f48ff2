import type { AnswerUnit, UnitSearch } from '../answer-units';
import type { KnowledgeIndex } from '../knowledge-index';
import { isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';
import { hasAmount, isPriceTerm } from './prefer-units';

// A question that asks what something costs gets an amount, even when the sentence that says the
// most about it has none ("we're a startup, what would a pilot cost?" is the discount and the
// pilot's price) or when the visitor names the work rather than a priced item ("a quote for a RAG
// assistant"): the item that describes that work names the engagements whose prices apply.

const MAX_PRICES = 2;
/** A price line sharing this part of the best one's words with the description applies as well. */
const CLOSE_SHARE = 0.6;
/** Words every price line may share that say nothing about which work it prices. */
const UNIT_WORDS = new Set(meaningfulTerms('week weeks month months day days hour hours year price fixed'));

/**
 * The units to answer with when the visitor's own words ask a price: `picked` as chosen, plus the
 * best amount for the question's subject when none of them states one. Undefined: no amount fits.
 */
export function withPrices(
  picked: AnswerUnit[] | undefined,
  search: UnitSearch,
  index: KnowledgeIndex,
  visitorTerms: string[],
): AnswerUnit[] | undefined {
  // "Does booking cost anything?" is answered by "booking is free".
  const statesPrice = (unit: AnswerUnit) => hasAmount(unit) || /\b(free|no cost|at cost)\b/i.test(unit.text);
  if (!visitorTerms.some(isPriceTerm) || picked?.some(statesPrice)) return picked;
  const priced = search.hits.find((hit) => hit.isPreferred)?.unit;
  const named = picked?.[0] ? pricesNamedLike(picked[0], index) : [];
  const amounts = named.length > 0 ? named : priced ? [priced] : pricesOfDescribedWork(search, index);
  if (amounts.length === 0) return picked;
  return [...(picked ?? []), ...amounts.filter((unit) => !picked?.includes(unit))];
}

/** Price lines whose item names what the best-matching description of the work mentions. */
function pricesOfDescribedWork(search: UnitSearch, index: KnowledgeIndex): AnswerUnit[] {
  const lead = search.hits.find((hit) => !hasAmount(hit.unit) && hit.matchedTerms.length > 0)?.unit;
  if (!lead) return [];
  const described = new Set(
    meaningfulTerms(lead.text).filter(
      (term) =>
        !/\d/.test(term) &&
        !UNIT_WORDS.has(term) &&
        !isPriceTerm(term) &&
        !isProjectWord(term) &&
        !isFramingTerm(term),
    ),
  );
  // The lines whose item shares most (rare words weigh more) with the description lead.
  const scored = index.units.units
    .filter((unit) => hasAmount(unit) && unit.key)
    .map((unit) => ({
      unit,
      shared: meaningfulTerms(unit.key!)
        .filter((term) => described.has(term))
        .reduce((sum, term) => sum + search.weightOf(term), 0),
    }))
    .filter((candidate) => candidate.shared > 0)
    .sort((a, b) => b.shared - a.shared);
  const best = scored[0]?.shared ?? 0;
  return scored
    .filter((candidate) => candidate.shared >= best * CLOSE_SHARE)
    .slice(0, MAX_PRICES)
    .map((candidate) => candidate.unit);
}

/**
 * The price line of the item the answer describes: "Fractional AI architect" (what I offer) is
 * priced as "Fractional AI architect retainer" (rates), a line whose name holds all of its words.
 */
function pricesNamedLike(described: AnswerUnit, index: KnowledgeIndex): AnswerUnit[] {
  if (!described.key) return [];
  const words = meaningfulTerms(described.key);
  if (words.length === 0) return [];
  return index.units.units.filter(
    (unit) =>
      unit !== described &&
      hasAmount(unit) &&
      unit.key &&
      words.every((word) => meaningfulTerms(unit.key!).includes(word)),
  );
}
