import type { ProfileFile } from '../../../shared/content';
import { hasContactIntent } from '../chat/contact-intent';
import type { ChatTurn } from './chat-model';
import type { CaseStudyMatch, CaseStudySearch } from './case-study-index';
import {
  isCaseStudy,
  withArticle,
  type KnowledgeIndex,
  type Passage,
  type ScoredPassage,
} from './knowledge-index';
import {
  admitNotKnowing,
  firstName,
  greet,
  offerCall,
  sayGoodbye,
  thank,
  withPrefix,
} from './offline-phrases';
import {
  BROAD_PROJECTS,
  detectTopics,
  factSentence,
  factTopics,
  FOLLOW_UP,
  GOODBYE,
  greetingPattern,
  IDENTITY,
  THANKS,
} from './offline-topics';

// The offline clone's reply: the owner's own words from content/, chosen by what the visitor
// asked. Code decides which facts and passages fit; every fact comes from the content files.

const MIN_COVERAGE = 0.6;
const MAX_PASSAGES = 3;
/** A case study whose whole-content score reaches this share of the best passage's leads the content. */
const LEADING_SCORE = 0.5;
/** A case study scoring this share of the best matching one answers the question as well. */
const CLOSE_SCORE = 0.5;
/** Below this share of the best, a case study matching another term of the question is noise. */
const MIN_SCORE = 0.1;
/** More matching case studies than this are listed with their outcomes instead of told in full. */
const MAX_FULL_CASE_STUDIES = 2;
/** More than this match and the question is not about particular projects. */
const MAX_MATCHING_CASE_STUDIES = 4;

export function composeOfflineReply(
  history: ChatTurn[],
  profile: ProfileFile,
  index: KnowledgeIndex,
): string {
  const userTurns = history.filter((turn) => turn.role === 'user');
  const raw = normalise(userTurns.at(-1)?.content ?? '');
  const isFirstMessage = userTurns.length <= 1;

  const greeting = greetingPattern(firstName(profile)).exec(raw);
  const question = greeting ? raw.slice(greeting[0].length).trim() : raw;
  if (!question) return greet(profile, isFirstMessage);
  if (THANKS.test(question) && !/\?/.test(question)) return thank(profile);
  if (GOODBYE.test(question) && question.length < 60) return sayGoodbye(profile);

  const prefix = greeting ? 'Hi!' : '';
  if (IDENTITY.test(question)) return withPrefix(prefix, introduce(profile, index));

  if (FOLLOW_UP.test(question)) {
    const previousQuestion = normalise(userTurns.at(-2)?.content ?? '');
    const previousReply = [...history].reverse().find((turn) => turn.role === 'assistant')?.content ?? '';
    return withPrefix(prefix, continueTopic(previousQuestion, previousReply, profile, index));
  }

  const parts: Array<string | Passage> = [];
  const used = new Set<string>();
  const use = (passage: Passage | undefined) => {
    if (!passage || used.has(passage.id)) return false;
    used.add(passage.id);
    parts.push(passage);
    return true;
  };

  const factTopicsOfOwner = factTopics(firstName(profile));
  const topics = detectTopics(question, factTopicsOfOwner);
  const allHits = index.search(question, { limit: 20 });
  const hits = allHits.filter((hit) => hit.coverage >= MIN_COVERAGE);
  const isBroad = BROAD_PROJECTS.test(question);
  const projectSearch = index.searchCaseStudies(question);
  const projects = pickCaseStudies(projectSearch, allHits, { isBroad, asksFact: topics.length > 0 });
  // "What have you built?" lists the case studies, unless the question names some of them or names
  // something the content does not know ("have you built a video game?").
  const isProjectOverview =
    isBroad &&
    projects.length === 0 &&
    index.caseStudies.length > 0 &&
    knowsAbout(projectSearch.terms, allHits);

  if (isProjectOverview) {
    parts.push(projectOverview(profile, index.caseStudies));
    index.caseStudies.forEach((study) => used.add(study.id));
  } else if (projects.length > MAX_FULL_CASE_STUDIES) {
    parts.push(listCaseStudies('These projects of mine fit what you asked:', projects));
    projects.forEach((project) => used.add(project.passage.id));
  } else {
    projects.forEach((project) => use(project.passage));
  }

  for (const topic of topics) {
    const passage = bestFor(index, factTopicsOfOwner[topic].query, (p) => p.source !== 'profile.json');
    const fact = factSentence(topic, profile);
    // The profile states the headline fact; a knowledge passage, when there is one, says it in full.
    if (fact && (topic === 'experience' || topic === 'skills' || !passage)) parts.push(fact);
    use(passage);
  }

  const wantsContact = hasContactIntent(question, profile.name);
  if (wantsContact) use(bestFor(index, 'how to book a call', () => true));

  // Whatever else the question matched well, unless a project, a topic or the intent already answer it.
  if (parts.length === 0) {
    const topScore = allHits[0]?.score ?? 0;
    for (const hit of hits) {
      if (used.size >= MAX_PASSAGES || (parts.length > 0 && hit.score < topScore * 0.6)) break;
      if (hit.passage.source === 'profile.json' && (topics.length > 0 || used.size > 0)) continue;
      use(hit.passage);
    }
  }

  if (parts.length === 0) return withPrefix(prefix, admitNotKnowing(question));
  const withHeadings = parts.length > 1;
  const body = parts
    .map((part) => (typeof part === 'string' ? part : renderPassage(part, withHeadings)))
    .join('\n\n');
  const mentionsBooking = wantsContact || /schedule call/i.test(body);
  return [withPrefix(prefix, body), mentionsBooking ? '' : offerCall(question)].filter(Boolean).join('\n\n');
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The case studies a question is about: those it names by heading or client ("the hospital project",
 * "anything for banks?") or that lead the whole content for it ("Zendesk"), when close to the best
 * of them or matching a term the others do not ("healthcare or insurance"). Together they must
 * cover most of the question's distinctive terms, and all of them when a broad question ("have you
 * built...?") names none; too many and the question is not about particular projects. A question
 * that asks for a fact ("are you available for a banking project?") mentions a project it names
 * only in passing, so then a case study must lead the content.
 */
function pickCaseStudies(
  { terms, matches }: CaseStudySearch,
  hits: ScoredPassage[],
  { isBroad, asksFact }: { isBroad: boolean; asksFact: boolean },
): CaseStudyMatch[] {
  const topScore = hits[0]?.score ?? 0;
  const leadsContent = (match: CaseStudyMatch) =>
    (hits.find((hit) => hit.passage.id === match.passage.id)?.score ?? 0) >= topScore * LEADING_SCORE;
  const eligible = matches.filter((match) => (match.isNamed && !asksFact) || leadsContent(match));
  const best = eligible[0];
  if (!best) return [];

  const picked = eligible.filter((match) => match.score >= best.score * CLOSE_SCORE);
  const covered = new Set(picked.flatMap((match) => match.matchedTerms));
  for (const match of eligible) {
    if (picked.includes(match) || match.score < best.score * MIN_SCORE) continue;
    if (!match.matchedTerms.some((term) => !covered.has(term))) continue;
    picked.push(match);
    match.matchedTerms.forEach((term) => covered.add(term));
  }
  const minCoverage = isBroad && !picked.some((match) => match.isNamed) ? 1 : MIN_COVERAGE;
  const isCovered = covered.size >= terms.length * minCoverage;
  return isCovered && picked.length <= MAX_MATCHING_CASE_STUDIES ? picked : [];
}

/** Whether the content speaks to most of the terms (a question with none asks about everything). */
function knowsAbout(terms: string[], hits: ScoredPassage[]): boolean {
  if (terms.length === 0) return true;
  const found = new Set(hits.flatMap((hit) => hit.matchedTerms));
  return terms.filter((term) => found.has(term)).length / terms.length >= MIN_COVERAGE;
}

function bestFor(index: KnowledgeIndex, query: string, accept: (passage: Passage) => boolean) {
  return index.search(query, { limit: 8 }).find((hit) => accept(hit.passage))?.passage;
}

function renderPassage(passage: Passage, withHeading: boolean): string {
  // Case studies and lists read better under their heading; a question heading (FAQ) is what the
  // visitor asked, so its answer stands alone.
  const startsWithList = /^([-*]|\d+\.)\s/.test(passage.text);
  const needsHeading = isCaseStudy(passage) || startsWithList || withHeading;
  return needsHeading && !passage.title.endsWith('?')
    ? `**${passage.title}**\n\n${passage.text}`
    : passage.text;
}

function projectOverview(profile: ProfileFile, studies: Passage[]): string {
  return listCaseStudies(
    `In ${profile.experience} I've delivered ${profile.projects}. Here are some of them:`,
    studies.map((passage) => ({ passage })),
  );
}

function listCaseStudies(lead: string, studies: Array<{ passage: Passage }>): string {
  const items = studies.map(({ passage }) => {
    const outcome = passage.fields.outcome!.replace(/\.$/, '');
    return `- **${passage.title}**: ${outcome}.`;
  });
  return [
    lead,
    items.join('\n'),
    'Ask me about any of them and I will walk you through the problem, the solution, the stack and the results.',
  ].join('\n\n');
}

function introduce(profile: ProfileFile, index: KnowledgeIndex): string {
  const about = bestFor(index, 'talking real clone', (p) => p.source !== 'profile.json');
  const intro = `I'm the AI clone of ${profile.name}, ${withArticle(profile.title)} based in ${profile.location} with ${profile.experience} of experience and ${profile.projects} delivered.`;
  return about
    ? `${intro} ${about.text}`
    : `${intro} For anything specific to your project, please schedule a call with the real ${firstName(profile)}.`;
}

function continueTopic(
  previousQuestion: string,
  previousReply: string,
  profile: ProfileFile,
  index: KnowledgeIndex,
): string {
  const unseen = index
    .search(previousQuestion, { limit: 8 })
    .filter((hit) => hit.coverage >= MIN_COVERAGE && !previousReply.includes(hit.passage.text.slice(0, 80)))
    .map((hit) => hit.passage);
  const next = unseen.find((passage) => passage.source !== 'profile.json');
  if (!next) {
    return `That's everything I can share about it here. For more detail, the real ${firstName(profile)} is happy to go deeper on a call: use the **Schedule call** button below the chat.`;
  }
  return `${renderPassage(next, false)}\n\n${offerCall(previousQuestion)}`;
}
