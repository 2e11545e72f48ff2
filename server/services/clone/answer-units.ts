import MiniSearch from 'minisearch';
import type { Passage } from './passage';
import { relatedTerms } from './related-terms';
import { isFramingTerm, isStopWord, meaningfulTerms, processTerm, stemTerm, tokenize } from './text-terms';

/**
 * One thing the owner's content says: a sentence of a paragraph or one list item. The offline
 * clone answers a narrow question with the few units that answer it, not the whole section.
 */
export interface AnswerUnit {
  id: string;
  passage: Passage;
  /** Position in its passage. */
  order: number;
  /** The sentence or the list item (without its bullet), Markdown kept. */
  text: string;
  isListItem: boolean;
  /** For a `- **Key:** value` item: the key and the value. */
  key?: string;
  value?: string;
}

export interface UnitHit {
  unit: AnswerUnit;
  score: number;
  /** The query's own terms it matched (also misspelled or as a prefix). */
  matchedTerms: string[];
  /** Those of them it matched as written (not only misspelled or as a prefix). */
  exactTerms: string[];
  /**
   * Rare words of the question its heading or item name says as written ("Discovery"): a strong
   * sign the unit is what the question is about.
   */
  anchorTerms: string[];
  /** Lifted by what the question asks for (a price, a project): it leads over others close to it. */
  isPreferred?: boolean;
  /** The query's terms it matched only through a related word ("charge" through "rates"). */
  relatedMatches: string[];
}

export interface UnitSearch {
  /** The query's meaningful terms, stemmed. */
  terms: string[];
  hits: UnitHit[];
  /** How much a term tells units apart (rare terms weigh more); unknown terms weigh most. */
  weightOf(term: string): number;
  /** Whether the content uses the term at all. */
  isKnown(term: string): boolean;
}

const UNKNOWN_TERM_FREQUENCY = 0.5;
/** A word found in at most this many units can anchor an answer. */
const ANCHOR_MAX_UNITS = 3;

/** Splits passages into units and indexes them with their section titles. */
export function buildUnitIndex(passages: Passage[], ownerWords: ReadonlySet<string>) {
  const units = passages.flatMap(splitUnits);
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const miniSearch = new MiniSearch<{ id: string; text: string; key: string; title: string }>({
    fields: ['text', 'key', 'title'],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => processTerm(term, ownerWords),
    searchOptions: { tokenize: (query) => query.split(' ').filter(Boolean), processTerm: (term) => term },
  });
  miniSearch.addAll(
    units.map((unit) => ({
      id: unit.id,
      text: withoutDayNumbers(unit.value ?? unit.text),
      key: unit.key ?? '',
      title: unit.passage.title,
    })),
  );
  const documentFrequency = new Map<string, number>();
  for (const unit of units) {
    const terms = new Set(
      meaningfulTerms(`${withoutDayNumbers(unit.text)} ${unit.passage.title}`, ownerWords),
    );
    for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  // A word the content never uses, and no typo of one, is most often a topic it lacks ("SAP",
  // "kids"): it weighs nearly as much as the rarest word.
  const weightOf = (term: string) =>
    Math.log(1 + units.length / (1 + (documentFrequency.get(term) ?? UNKNOWN_TERM_FREQUENCY)));

  const isKnown = (term: string) => documentFrequency.has(term);

  return {
    units,
    /** The unit after this one in its passage. */
    next(unit: AnswerUnit): AnswerUnit | undefined {
      return byId.get(`${unit.passage.id}:${unit.order + 1}`);
    },
    /** The unit before this one in its passage. */
    previous(unit: AnswerUnit): AnswerUnit | undefined {
      return byId.get(`${unit.passage.id}:${unit.order - 1}`);
    },
    /**
     * Units for a query, best first. `passageScores` (0..1 per passage id) lifts the units of the
     * sections that match the query as a whole, so "rates" finds the Rates section before a
     * sentence that happens to say "rate".
     */
    search(
      query: string,
      {
        only,
        passageScores,
      }: {
        /** Unit ids to search among (all when unset). */
        only?: ReadonlySet<string>;
        passageScores?: ReadonlyMap<string, number>;
      } = {},
    ): UnitSearch {
      // "one-day" gives "one-day", "one" and "day": a compound the content never uses counts
      // through its parts.
      // "hiking" stems to "hik", the content's "hike" stays "hike": an unknown stem takes its "e" back.
      const terms = meaningfulTerms(query, ownerWords)
        .map((term) => (isKnown(term) || !isKnown(`${term}e`) ? term : `${term}e`))
        .filter(
          (term, _, all) =>
            !term.includes('-') ||
            isKnown(term) ||
            !term.split('-').every((part) => all.includes(stemTerm(part)) || isStopWord(part)),
        );
      if (terms.length === 0) return { terms, hits: [], weightOf, isKnown };
      const related = relatedTerms(terms);
      const own = new Set(terms);
      const extra = [...new Set([...related.values()].flat())];
      const results = miniSearch.search([...terms, ...extra].join(' '), {
        boost: { text: 1, key: 1.5, title: 2 },
        boostTerm: (term) => (!own.has(term) ? 0.4 : isFramingTerm(term) && terms.length > 1 ? 0.3 : 1),
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
        weights: { fuzzy: 0.4, prefix: 0.6 },
        combineWith: 'OR',
        filter: only ? (result) => only.has(String(result.id)) : undefined,
      });
      const hits = results.map((result) => {
        const matchedTerms = terms.filter((term) => result.queryTerms.includes(term));
        const relatedMatches = terms.filter(
          (term) =>
            !matchedTerms.includes(term) &&
            (related.get(term) ?? []).some((word) => result.queryTerms.includes(word)),
        );
        const exactTerms = matchedTerms.filter((term) => result.terms.includes(term));
        const anchorTerms = exactTerms.filter(
          (term) =>
            (documentFrequency.get(term) ?? 0) <= ANCHOR_MAX_UNITS &&
            (result.match[term] ?? []).some((field) => field === 'key' || field === 'title'),
        );
        const unit = byId.get(String(result.id))!;
        const lift = 1 + (passageScores?.get(unit.passage.id) ?? 0);
        return { unit, score: result.score * lift, matchedTerms, exactTerms, anchorTerms, relatedMatches };
      });
      hits.sort((a, b) => b.score - a.score);
      return { terms, hits, weightOf, isKnown };
    },
  };
}

export type UnitIndex = ReturnType<typeof buildUnitIndex>;

const SENTENCE_END = /(?<=[.!?])\s+(?=["(*]?[A-Z0-9$])/;

export function splitUnits(passage: Passage): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  const add = (text: string, isListItem: boolean) => {
    const field = /^\*\*([^*]+?)[:.]\*\*\s*(.+)$/.exec(text);
    units.push({
      id: `${passage.id}:${units.length}`,
      passage,
      order: units.length,
      text,
      isListItem,
      ...(field ? { key: field[1]!.trim(), value: field[2]!.trim() } : {}),
    });
  };
  for (const block of passage.text.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.every((line) => /^([-*]|\d+\.)\s+/.test(line))) {
      for (const line of lines) add(line.replace(/^([-*]|\d+\.)\s+/, ''), true);
    } else {
      for (const sentence of lines.join(' ').split(SENTENCE_END))
        if (sentence.trim()) add(sentence.trim(), false);
    }
  }
  return units;
}

const MONTH_DAY =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}\b/g;

/**
 * "Thursday, November 25, 2027" is searched by its month and year: "what if we have 25 people?"
 * is not about that day (a question about one day is answered from the calendar instead).
 */
function withoutDayNumbers(text: string): string {
  return text.replace(MONTH_DAY, '$1');
}
