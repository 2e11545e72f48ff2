import type { OwnerContent } from '../content/load-content';
import { knowledgeOf } from './engine/knowledge';
import { findSections } from './engine/retrieve';
import { withoutMarkup } from './engine/split-message';
import { understand } from './engine/understand';
import { isCaseStudy, type Passage } from './passage';

export { isCaseStudy, profilePassages, splitSections, withArticle, type Passage } from './passage';

export interface ScoredPassage {
  passage: Passage;
  score: number;
  /** Share of the question's weight the passage answers (0..1). */
  coverage: number;
}

/** The model path's view of what the owner wrote: every passage, and the ones a question needs. */
export interface KnowledgeIndex {
  passages: Passage[];
  /** The passages that are case studies (sections with a client and an outcome). */
  caseStudies: Passage[];
  /** Passages for a question, best first; only those that answer part of it. */
  search(question: string, options?: { limit?: number }): ScoredPassage[];
}

/** Below this share of a question answered, a passage is not worth a place in the prompt. */
const MIN_COVERAGE = 0.3;
/** Nor below this share of the best passage's score: a word in common is not an answer. */
const MIN_SHARE_OF_BEST = 0.6;

/**
 * The prompt's passages are found by the offline engine's reading of the question (its language,
 * slips, the owner's synonyms and example questions), over the same index: both clones agree on
 * what a question is about.
 */
export function buildKnowledgeIndex(content: OwnerContent): KnowledgeIndex {
  const knowledge = knowledgeOf(content);
  const passages = knowledge.sections.map((section) => section.passage);
  return {
    passages,
    caseStudies: passages.filter(isCaseStudy),
    search(question, { limit = 5 } = {}) {
      const asked = { ...understand(withoutMarkup(question), knowledge), channel: 'chat' as const };
      const matches = findSections(asked, knowledge);
      const best = matches[0]?.score ?? 0;
      return matches
        .filter((match) => match.confidence >= MIN_COVERAGE && match.score >= MIN_SHARE_OF_BEST * best)
        .slice(0, limit)
        .map((match) => ({ passage: match.section.passage, score: match.score, coverage: match.confidence }));
    },
  };
}
