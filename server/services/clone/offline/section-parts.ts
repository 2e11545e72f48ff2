import type { AnswerUnit, UnitSearch } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { meaningfulTerms } from '../text-terms';
import { MAX_NARROW_UNITS } from './select-units';
import type { VisitorMessage } from './understand-message';

// Which sentences of a section answer a question: the direct answer before the sentence that
// matched, the steps after it, or the half of a section the question names.

const ASKS_HOW_I_DO_IT = /\bhow (do|can|would|could|should) (i|we)\b/i;
const ASKS_HOW_YOU_DO_IT =
  /^\W*(comment|c[oó]mo|wie)\b|\bqu'?est-ce que (vous|tu) (faites|fais)\b|\bqu[eé] haces para\b|\bwas tun sie\b|\bhow (do|would|will|can|could|did) (you|u)\b|\bwhat do (you|u) do (about|with|for|when)\b|\bhow do (you|u) (handle|deal|approach|keep|make sure|ensure|protect)\b/i;

/**
 * "How do you keep our data locked down?" matched a later sentence of the FAQ answer that says
 * how ("Your data stays in your environment…"): the answer's first sentence, its direct answer,
 * comes first.
 */
export function withDirectAnswer(
  picked: AnswerUnit[],
  message: VisitorMessage,
  index: KnowledgeIndex,
): AnswerUnit[] {
  const lead = picked[0]!;
  // "How do I get to talk to the voice clone?": the steps read on in the sentence after the lead.
  if (picked.length === 1 && !lead.isListItem && ASKS_HOW_I_DO_IT.test(message.question)) {
    const next = index.units.next(lead);
    if (next && !next.isListItem) {
      // "Voice calls need a monthly plan:" brings its list.
      const list: AnswerUnit[] = [];
      for (
        let item = index.units.next(next);
        next.text.endsWith(':') && item?.isListItem;
        item = index.units.next(item)
      )
        list.push(item);
      return [lead, next, ...list];
    }
  }
  if (!lead.passage.title.endsWith('?') || lead.isListItem || lead.order === 0) return picked;
  if (!ASKS_HOW_YOU_DO_IT.test(message.question)) return picked;
  const first = index.units.units.find((unit) => unit.passage === lead.passage && unit.order === 0);
  if (!first || first.isListItem || picked.includes(first)) return picked;
  return [first, ...picked].slice(0, MAX_NARROW_UNITS);
}

/**
 * "What certifications do you have?" under "Education and certifications" asks for one half of
 * the section: the list items that say the half's word, when the question names only that half.
 */
export function halfOfTitle(passage: Passage, search: UnitSearch, index: KnowledgeIndex): AnswerUnit[] {
  if (isCaseStudy(passage)) return [];
  const halves = passage.title.split(/\s+and\s+/i).map((half) => meaningfulTerms(half));
  if (halves.length !== 2 || halves.some((half) => half.length === 0 || half.length > 2)) return [];
  const asked = halves.filter((half) => half.some((term) => search.terms.includes(term)));
  if (asked.length !== 1) return [];
  const items = index.units.units.filter((unit) => unit.passage === passage && unit.isListItem);
  const words = new Set(asked[0]);
  const found = items.filter((unit) => meaningfulTerms(unit.text).some((term) => words.has(term)));
  return found.length < items.length ? found : [];
}
