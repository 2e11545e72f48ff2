import type { UnitSearch } from '../answer-units';
import type { KnowledgeIndex } from '../knowledge-index';
import { isFramingTerm, isProjectWord } from '../text-terms';
import { summarise, type Answer } from './answer';
import { coverage, namesSomethingUnknown } from './select-units';
import type { VisitorMessage } from './understand-message';

/** "Have you ever…", "any experience…", "how do you handle…": a question about the owner's own work. */
const ASKS_ABOUT_OWN_WORK =
  /\b(have you|had you|did you|you've|ever|any experience|experience (with|in|bringing|cutting|reducing|making|getting)|anything (in|on|for|like|with)|track record|how do you (handle|deal|approach|keep|make sure|ensure|protect|stop|prevent|avoid|tackle|manage)|what do you do (about|with|for)|what('s| is) your (approach|take|process)|can you (also )?(handle|do|help|take on))\b/i;
const MIN_NEAREST_COVERAGE = 0.25;

/**
 * A question about the owner's own work that matched too little to be sure, whose nearest section
 * still says a good part of it ("Have you ever cut how many tickets a support team handles?" and
 * the support copilot): that section is the answer, summarised, rather than a refusal that names it.
 */
export function answerFromNearest(
  query: string,
  message: VisitorMessage,
  search: UnitSearch,
  index: KnowledgeIndex,
): Answer | undefined {
  if (!ASKS_ABOUT_OWN_WORK.test(message.question)) return undefined;
  const best = search.hits[0];
  if (!best || namesSomethingUnknown(search, message.names)) return undefined;
  const section = search.hits.filter((hit) => hit.unit.passage === best.unit.passage);
  if (coverage(section, search) < MIN_NEAREST_COVERAGE) return undefined;
  // Two of the question's own topic words, one as written: "books" near "booking" is no answer.
  const topical = (term: string) => !isFramingTerm(term) && !isProjectWord(term);
  const matched = new Set(
    section.flatMap((hit) => [...hit.matchedTerms, ...hit.relatedMatches]).filter(topical),
  );
  const exact = section.some((hit) => hit.exactTerms.some(topical));
  if (matched.size < 2 || !exact) return undefined;
  return summarise(best.unit.passage, message, index);
}
