import type { ProfileFile } from '../../../../shared/content';
import type { AnswerUnit, UnitSearch } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { isProjectWord, meaningfulTerms } from '../text-terms';
import { coverage, namesSomethingUnknown } from './select-units';

// Questions about the owner's projects: which case studies answer them, and which part of a case
// study a question asks for.

/** Share of what a question about projects names that the case studies must match. */
const MIN_PROJECT_COVERAGE = 0.3;
/** Matching at least this share of the projects, a question is about projects in general. */
const COMMON_SHARE = 0.5;
/** A project scoring this share of the best matching one answers the question as well. */
const CLOSE_PROJECT_SCORE = 0.5;

export interface ProjectChoice {
  studies: Passage[];
  /** One or two projects are told in summary; more are listed by outcome. */
  summarise: boolean;
  /** The list's opening line when it is not the owner's whole track record. */
  lead?: string;
}

/**
 * "What have you built?" lists the case studies; "anything in healthcare?" gives the ones about
 * healthcare, when they match most of what the question names ("on Google Cloud?" matches none).
 */
export function chooseProjects(
  focus: string[],
  names: string[],
  search: UnitSearch,
  index: KnowledgeIndex,
  profile: ProfileFile,
): ProjectChoice | undefined {
  const all: ProjectChoice = { studies: index.caseStudies, summarise: false };
  // What all of the owner's work is ("AI solutions", "enterprise") qualifies every project.
  const headline = new Set(meaningfulTerms(`${profile.title} ${profile.projects}`));
  const named = focus.filter((term) => !isProjectWord(term) && !headline.has(term));
  if (namesSomethingUnknown(search, names)) return undefined;
  if (named.length === 0) return all;
  const projectHits = search.hits.filter((hit) => isCaseStudy(hit.unit.passage));
  // "Built for enterprises?" qualifies all of them; "a video game?" names what is not there.
  const isQualifier = (term: string) =>
    search.isKnown(term) || search.hits.some((hit) => hit.matchedTerms.includes(term));
  const fallback = () => (named.every(isQualifier) ? all : undefined);
  if (coverage(projectHits, { ...search, terms: named }) < MIN_PROJECT_COVERAGE) return fallback();
  // Each project scored by its best sentence about what the question names; those close to the
  // best are the answer.
  const bestScore = new Map<Passage, number>();
  for (const hit of projectHits) {
    if (![...hit.matchedTerms, ...hit.relatedMatches].some((term) => named.includes(term))) continue;
    bestScore.set(hit.unit.passage, Math.max(bestScore.get(hit.unit.passage) ?? 0, hit.score));
  }
  const ranked = [...bestScore].sort((a, b) => b[1] - a[1]);
  const top = ranked[0]?.[1] ?? 0;
  // One project far ahead of the rest is the one meant ("the claims triage assistant you built").
  const isOneMeant = ranked.length > 0 && (ranked[1]?.[1] ?? 0) < top * CLOSE_PROJECT_SCORE;
  // Words most projects match ("AI solutions for enterprises") qualify them all.
  if (!isOneMeant && bestScore.size >= index.caseStudies.length * COMMON_SHARE) return all;
  const studies = ranked.filter(([, score]) => score >= top * CLOSE_PROJECT_SCORE).map(([study]) => study);
  if (studies.length === 0) return fallback();
  if (studies.length <= 2) return { studies, summarise: true };
  return { studies, summarise: false, lead: 'These projects of mine fit what you asked:' };
}

// How visitors ask for each part of a case study ("who was it for?", "what tech?", "how did it go?").
const FIELD_WORDS: Record<string, RegExp> = {
  client: /^(client|customer|who|company|organi[sz]ation|firm|industr)/,
  problem: /^(problem|challeng|issue|pain|why|goal|struggl|difficult)/,
  solution: /^(solution|approach|how|built|build|design|architect|work)/,
  stack:
    /^(stack|technolog|tech|tool|framework|language|platform|model|cloud|librar|database|vendor|product|engine|autoscal|orchestrat|runtime|standard|protocol|identity|plug|integrat|hook)/,
  outcome:
    /^(outcome|result|impact|saving|sav|number|metric|improv|success|roi|benefit|correct|precision|user|share|percent|handl|resolv)/,
};

/** Whether the question's terms ask for this part of a case study; a part without words: always. */
export function asksForField(key: string, terms: string[]): boolean {
  const words = FIELD_WORDS[key.toLowerCase()];
  return !words || terms.some((term) => words.test(term));
}

// The words that ask for one part of a project rather than the project ("how did you build the
// copilot?", "who was the client?"); "what did you build for them?" asks for the whole story.
const PART_WORDS: Array<[string, RegExp]> = [
  ['client', /^(client|who)$/],
  ['problem', /^(problem|challeng|why|pain)/],
  ['solution', /^(how|solution|approach|architectur|design)/],
  [
    'stack',
    /^(stack|technolog|tech|tool|framework|librar|database|cloud|host|infrastructur|k8s|kubernet|plug|integrat|standard|platform|engine|streaming|protocol)/,
  ],
  [
    'outcome',
    /^(outcome|result|impact|saving|metric|number|roi|benefit|well|accura|precis|correct|satisf|faster|adopt|share|percent|audit)/,
  ],
];

/** A case study's part by its field name ("stack"), as a unit. */
export function partOfStudy(study: Passage, part: string, index: KnowledgeIndex): AnswerUnit | undefined {
  return index.units.units.find((unit) => unit.passage === study && unit.key?.toLowerCase() === part);
}

const NAMES_A_PRODUCT =
  /\b(which|what)\b[^?]*\b(did|do|does)\b[^?]*\b(use|(run|rely|build|host|deploy)\b[^?]*\bon)\b|\bwhat (handled|powered|ran|served)\b/;

/** The one part of a case study the visitor's own words ask for, if exactly one. */
export function askedPart(focus: string[], question: string): string | undefined {
  // "How many…" asks for a number, "how did you…" for the solution.
  // "Who was it for?" asks for the client; "who checked the summaries?" for someone in the work.
  const asked = question
    .toLowerCase()
    .replace(/\bhow (?=many|much|well|accurate|fast|big|long|often)/g, '')
    .replace(
      /\bwho\b(?!( (was|is|were) (it|that|this|the client)\b.*\bfor\b| (was|were) the (client|customer)s?\b))/g,
      '',
    );
  const words = [...focus, ...(asked.match(/\b(how|who|why|well)\b/g) ?? [])];
  const parts = PART_WORDS.filter(([, pattern]) => words.some((word) => pattern.test(word))).map(
    ([part]) => part,
  );
  // "Which event streaming platform did it use?", "what handled the autoscaling?": a product of the stack.
  if (parts.length === 0 && NAMES_A_PRODUCT.test(asked)) return 'stack';
  return parts.length === 1 ? parts[0] : undefined;
}
