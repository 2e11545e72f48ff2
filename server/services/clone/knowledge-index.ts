import MiniSearch from 'minisearch';
import type { ProfileFile } from '../../../shared/content';
import type { OwnerContent } from '../content/load-content';
import { buildUnitIndex, type UnitIndex } from './answer-units';
import type { Passage } from './passage';
import { relatedTerms } from './related-terms';
import { meaningfulTerms, ownerNameWords, processTerm, tokenize } from './text-terms';

// Passage lives in passage.ts so answer-units.ts can read it without importing this module,
// which builds the unit index; callers keep importing it from here.
export type { Passage } from './passage';

export interface ScoredPassage {
  passage: Passage;
  score: number;
  /** Share of the question's meaningful terms found in the passage (0..1). */
  coverage: number;
  /** The question's meaningful terms it matched, directly or through a related word. */
  matchedTerms: string[];
}

export interface KnowledgeIndex {
  passages: Passage[];
  /** The passages that are case studies (sections with a client and an outcome). */
  caseStudies: Passage[];
  /** Passages for a question, best first; only those sharing at least one meaningful term. */
  search(question: string, options?: { limit?: number }): ScoredPassage[];
  /** Every sentence and list item on its own, for answers narrower than a section. */
  units: UnitIndex;
}

const MIN_COVERAGE = 0.3;

export function buildKnowledgeIndex(content: OwnerContent): KnowledgeIndex {
  const passages = [
    ...content.knowledge.flatMap((document) => splitSections(document.file, document.body)),
    ...profilePassages(content.profile),
  ];
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const ownerWords = ownerNameWords(content.profile.name);

  const miniSearch = new MiniSearch<Passage>({
    fields: ['title', 'text'],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => processTerm(term, ownerWords),
  });
  miniSearch.addAll(passages);
  const caseStudies = passages.filter(isCaseStudy);

  return {
    passages,
    caseStudies,
    units: buildUnitIndex(passages, ownerWords),
    search(question, { limit = 5 } = {}) {
      const ownTerms = meaningfulTerms(question, ownerWords);
      if (ownTerms.length === 0) return [];
      const related = relatedTerms(ownTerms);
      const extraTerms = [...new Set([...related.values()].flat())];
      const ownSet = new Set(ownTerms);

      const results = miniSearch.search([...ownTerms, ...extraTerms].join(' '), {
        boost: { title: 2 },
        boostTerm: (term) => (ownSet.has(term) ? 1 : 0.5),
        prefix: (term) => term.length >= 4,
        fuzzy: (term) => (term.length >= 7 ? 1 : false),
        weights: { fuzzy: 0.3, prefix: 0.6 },
        combineWith: 'OR',
      });

      return results
        .map((result) => {
          const matchedOwn = result.queryTerms.filter((term) => ownSet.has(term)).length;
          // A match through related terms counts half, so "how much" alone still reaches "Rates".
          const matchedRelated = result.queryTerms.length - matchedOwn;
          const coverage = Math.min(1, (matchedOwn + 0.5 * Math.min(matchedRelated, 1)) / ownTerms.length);
          const matchedTerms = ownTerms.filter((term) =>
            [term, ...(related.get(term) ?? [])].some((word) => result.queryTerms.includes(word)),
          );
          return { passage: byId.get(String(result.id))!, score: result.score, coverage, matchedTerms };
        })
        .filter((hit) => hit.coverage >= MIN_COVERAGE)
        .slice(0, limit);
    },
  };
}

/** A case study: a section whose bullet fields name at least a client and an outcome. */
export function isCaseStudy(passage: Passage): boolean {
  return Boolean(passage.fields.client && passage.fields.outcome);
}

/** Splits a Markdown file at its "## " headings; text before the first one is its own passage. */
export function splitSections(file: string, body: string): Passage[] {
  const documentTitle = /^#\s+(.+)$/m.exec(body)?.[1]?.trim() ?? file.replace(/\.md$/, '');
  const withoutTitle = body.replace(/^#\s+.+$/m, '');
  const parts = withoutTitle.split(/^##\s+/m);
  const passages: Passage[] = [];
  parts.forEach((part, index) => {
    const isIntro = index === 0;
    const newline = part.indexOf('\n');
    const title = isIntro ? documentTitle : (newline === -1 ? part : part.slice(0, newline)).trim();
    const text = (isIntro ? part : newline === -1 ? '' : part.slice(newline + 1)).trim();
    if (!text) return;
    passages.push({
      id: `${file}#${index}`,
      source: file,
      title,
      documentTitle,
      text,
      fields: bulletFields(text),
    });
  });
  return passages;
}

function bulletFields(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of text.matchAll(/^\s*[-*]\s+\*\*([^*:]+):\*\*\s*(.+)$/gm)) {
    fields[match[1]!.trim().toLowerCase()] = match[2]!.trim();
  }
  return fields;
}

/** The profile's facts as passages, so retrieval finds them like any other content. */
export function profilePassages(profile: ProfileFile): Passage[] {
  const fact = (key: string, title: string, text: string): Passage => ({
    id: `profile.json#${key}`,
    source: 'profile.json',
    title,
    text,
    fields: {},
  });
  return [
    fact(
      'experience',
      'Experience and track record',
      `I'm ${profile.name}, ${withArticle(profile.title)} with ${profile.experience} of experience and ${profile.projects} delivered.`,
    ),
    fact(
      'title',
      'Job title',
      `My job title is ${profile.title}${profile.specialty ? `, ${withArticle(profile.specialty)}` : ''}.`,
    ),
    fact(
      'location',
      'Location and work style',
      `I'm based in ${profile.location} and work as a ${profile.workStyle.toLowerCase()}.`,
    ),
    fact('availability', 'Availability', `My availability: ${profile.availability}.`),
    fact('response-time', 'Response time', `As my AI clone, I usually answer in ${profile.responseTime}.`),
    ...profile.expertise.map((card, index) =>
      fact(`expertise-${index}`, card.title, `${card.description} Key skills: ${card.keywords.join(', ')}.`),
    ),
  ];
}

export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
