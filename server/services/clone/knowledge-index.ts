import MiniSearch from 'minisearch';
import type { ProfileFile } from '../../../shared/content';
import type { OwnerContent } from '../content/load-content';
import { meaningfulTerms, processTerm, tokenize } from './text-terms';

/** One retrievable piece of the owner's content: a "## " section of a knowledge file or a profile fact. */
export interface Passage {
  id: string;
  /** Knowledge file name, or "profile.json". */
  source: string;
  title: string;
  /** Markdown body without its heading, written in the owner's first person. */
  text: string;
  /** `- **Key:** value` bullet lines, keys lower-cased (case studies: client, problem, outcome...). */
  fields: Record<string, string>;
}

export interface ScoredPassage {
  passage: Passage;
  score: number;
  /** Share of the question's meaningful terms found in the passage (0..1). */
  coverage: number;
}

export interface KnowledgeIndex {
  passages: Passage[];
  /** Passages for a question, best first; only those sharing at least one meaningful term. */
  search(question: string, options?: { limit?: number }): ScoredPassage[];
}

// Visitors ask in their words, the content answers in the owner's: a question term adds these
// terms to the query at half weight ("how much do you charge" should reach the "Rates" section).
const RELATED_TERMS: Array<[RegExp, string]> = [
  [/^(cost|pric|charg|fee|budget|expensive|cheap|quote|pay|paid|hourly|afford)/, 'rates price'],
  [/^(where|locat|based|live|city|state|country|area)/, 'based massachusetts location'],
  [/^(availab|capacity|start|free|busy|booked|schedul)/, 'availability booking start'],
  [/^(year|long|experien|background|career|senior|history)/, 'experience career'],
  [/^(stud|educat|degree|universit|college|school|certif|qualif)/, 'education certifications'],
  [/^(hire|hiring|engag|together|collaborat|partner|process|onboard|contract)/, 'work together engagement'],
  [/^(call|meet|book|contact|reach|email|e-mail|phone|talk)/, 'book call'],
  [/^(respon|respond|reply|fast|quick|speed|turnaround)/, 'response time'],
  [/^(cloud|infra|aws|azure|platform|host)/, 'cloud architecture'],
  [/^(health|hospital|medic|clinic|patient|hipaa|doctor)/, 'hospital clinical healthcare'],
  [/^(insur|claim|adjuster|underwrit)/, 'insurer claims'],
  [/^(legal|lawyer|contract|clause)/, 'contract legal'],
  [/^(bank|mainframe|cobol|legacy|moderni)/, 'bank mainframe modernisation'],
  [/^(support|helpdesk|zendesk|ticket|customer)/, 'support copilot'],
  [/^(gpu|inference|serving|latency|vllm)/, 'gpu inference'],
  [/^(sharepoint|teams|intranet|wiki|document)/, 'knowledge assistant'],
  [/^(fintech|fraud|payment)/, 'fintech'],
  [/^(genai|generative|llm|gpt|chatgpt|openai|model)/, 'generative llm model'],
  [/^(remote|onsite|on-site|travel|office|person)/, 'remote travel'],
  [/^(rag|retriev|search|vector|embedding)/, 'retrieval-augmented rag'],
  [/^(secur|privacy|private|gdpr|compliance|soc)/, 'security privacy'],
  [/^(skill|stack|technolog|tool|language|framework|expertise)/, 'expertise stack languages'],
];

const MIN_COVERAGE = 0.3;

export function buildKnowledgeIndex(content: OwnerContent): KnowledgeIndex {
  const passages = [
    ...content.knowledge.flatMap((document) => splitSections(document.file, document.body)),
    ...profilePassages(content.profile),
  ];
  const byId = new Map(passages.map((passage) => [passage.id, passage]));

  const miniSearch = new MiniSearch<Passage>({
    fields: ['title', 'text'],
    tokenize: (text) => tokenize(text),
    processTerm: (term) => processTerm(term),
  });
  miniSearch.addAll(passages);

  return {
    passages,
    search(question, { limit = 5 } = {}) {
      const ownTerms = meaningfulTerms(question);
      if (ownTerms.length === 0) return [];
      const related = ownTerms.flatMap((term) =>
        RELATED_TERMS.filter(([pattern]) => pattern.test(term)).flatMap(([, extra]) =>
          meaningfulTerms(extra),
        ),
      );
      const extraTerms = [...new Set(related)].filter((term) => !ownTerms.includes(term));
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
          return { passage: byId.get(String(result.id))!, score: result.score, coverage };
        })
        .filter((hit) => hit.coverage >= MIN_COVERAGE)
        .slice(0, limit);
    },
  };
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
    passages.push({ id: `${file}#${index}`, source: file, title, text, fields: bulletFields(text) });
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
function profilePassages(profile: ProfileFile): Passage[] {
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
