import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { Passage } from './knowledge-index';
import { relatedTerms } from './related-terms';
import { isProjectWord, processTerm, termPairs, termSequence, tokenize } from './text-terms';

/** A case study scored for a question on its own fields. */
export interface CaseStudyMatch {
  passage: Passage;
  score: number;
  /** The question's distinctive terms it matched, directly or through a related word. */
  matchedTerms: string[];
  /** Whether one of them is in its title or client: the question names its domain, client type or industry. */
  isNamed: boolean;
}

export interface CaseStudySearch {
  /**
   * The question's terms that can tell one project from another: without the words for projects in
   * general ("have you done any ... projects?") and without those most case studies share ("model").
   */
  terms: string[];
  /** Case studies matching at least one of those terms, best first. */
  matches: CaseStudyMatch[];
}

interface CaseStudyDocument {
  id: string;
  title: string;
  client: string;
  body: string;
  phrases: string;
}

// A visitor names a project by its domain or client ("the hospital project", "anything for banks?")
// more often than by its stack or figures, so the heading and the client line weigh most. Words
// the question has side by side, as the study does ("the Teams assistant"), count extra.
const FIELD_BOOSTS = { title: 3, client: 2, body: 1, phrases: 3 };
const NAMING_FIELDS = ['title', 'client'];
/** A term found in more than this share of the case studies (and in three or more) tells none apart. */
const COMMON_SHARE = 0.5;

/**
 * Searches the case studies one document each, with their title, client and the rest as separate
 * fields. `ownerWords` (the owner's name) count as stop words, as in the knowledge index.
 */
export function buildCaseStudyIndex(
  caseStudies: Passage[],
  ownerWords: ReadonlySet<string>,
): (question: string) => CaseStudySearch {
  const byId = new Map(caseStudies.map((study) => [study.id, study]));
  const miniSearch = new MiniSearch<CaseStudyDocument>({
    fields: Object.keys(FIELD_BOOSTS),
    tokenize: (text, field) =>
      field === 'phrases' ? termPairs(termSequence(text, ownerWords)) : tokenize(text),
    processTerm: (term, field) => (field === 'phrases' ? term : processTerm(term, ownerWords)),
    // Queries arrive as processed terms and pairs, separated by spaces.
    searchOptions: { tokenize: (query) => query.split(' '), processTerm: (term) => term },
  });
  miniSearch.addAll(
    caseStudies.map((study) => ({
      id: study.id,
      title: study.title,
      client: study.fields.client ?? '',
      // The values without their "**Stack:**" keys, which every case study shares.
      body: study.text.replace(/^\s*[-*]\s+\*\*[^*:]+:\*\*/gm, ''),
      phrases: `${study.title}\n${study.text}`,
    })),
  );

  return (question) => {
    const sequence = termSequence(question, ownerWords).filter((term) => !isProjectWord(term));
    const questionTerms = [...new Set(sequence)];
    if (questionTerms.length === 0) return { terms: [], matches: [] };
    const related = relatedTerms(questionTerms);
    const extraTerms = new Set([...related.values()].flat());
    const options: SearchOptions = {
      boost: FIELD_BOOSTS,
      boostTerm: (term) => (extraTerms.has(term) ? 0.5 : 1),
      prefix: (term) => term.length >= 4 && !term.includes('~'),
      fuzzy: (term) => (term.length >= 7 && !term.includes('~') ? 1 : false),
      weights: { fuzzy: 0.3, prefix: 0.6 },
      combineWith: 'OR',
    };
    const query = [...questionTerms, ...extraTerms, ...termPairs(sequence)].join(' ');
    // A question term counts as matched when the study has it or one of its related words.
    const termsOf = (result: SearchResult) =>
      questionTerms.filter((term) =>
        [term, ...(related.get(term) ?? [])].some((word) => result.queryTerms.includes(word)),
      );

    const results = miniSearch.search(query, options);
    const studyCount = (term: string) => results.filter((result) => termsOf(result).includes(term)).length;
    const terms = questionTerms.filter((term) => {
      const count = studyCount(term);
      return count < 3 || count <= caseStudies.length * COMMON_SHARE;
    });
    const namingTerms = new Map(
      miniSearch
        .search(query, { ...options, fields: NAMING_FIELDS })
        .map((result) => [String(result.id), termsOf(result)]),
    );

    const matches = results
      .map((result) => {
        const id = String(result.id);
        const matchedTerms = termsOf(result).filter((term) => terms.includes(term));
        const isNamed = (namingTerms.get(id) ?? []).some((term) => terms.includes(term));
        return { passage: byId.get(id)!, score: result.score, matchedTerms, isNamed };
      })
      .filter((match) => match.matchedTerms.length > 0);
    return { terms, matches };
  };
}
