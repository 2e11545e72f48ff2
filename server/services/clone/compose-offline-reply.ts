import type { ProfileFile } from '../../../shared/content';
import { hasContactIntent } from '../chat/contact-intent';
import type { ChatTurn } from './chat-model';
import { withArticle, type KnowledgeIndex, type Passage, type ScoredPassage } from './knowledge-index';
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
  FACT_TOPICS,
  factSentence,
  FOLLOW_UP,
  GOODBYE,
  GREETING,
  IDENTITY,
  THANKS,
} from './offline-topics';

// The offline clone's reply: the owner's own words from content/, chosen by what the visitor
// asked. Code decides which facts and passages fit; every fact comes from the content files.

const MIN_COVERAGE = 0.6;
const MAX_PASSAGES = 3;

export function composeOfflineReply(
  history: ChatTurn[],
  profile: ProfileFile,
  index: KnowledgeIndex,
): string {
  const userTurns = history.filter((turn) => turn.role === 'user');
  const raw = normalise(userTurns.at(-1)?.content ?? '');
  const isFirstMessage = userTurns.length <= 1;

  const greeting = GREETING.exec(raw);
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

  const topics = detectTopics(question);
  const allHits = index.search(question, { limit: 20 });
  const hits = allHits.filter((hit) => hit.coverage >= MIN_COVERAGE);
  const caseStudies = index.passages.filter(isCaseStudy);
  const isBroad = BROAD_PROJECTS.test(question);
  // "What have you built?" lists the case studies unless the question names one of them.
  const specificProject = pickSpecificProject(allHits, isBroad ? 1 : MIN_COVERAGE);
  const isProjectOverview = isBroad && !specificProject && caseStudies.length > 0;

  if (isProjectOverview) {
    parts.push(projectOverview(profile, caseStudies));
    caseStudies.forEach((study) => used.add(study.id));
  } else if (specificProject) {
    use(specificProject);
  }

  for (const topic of topics) {
    const passage = bestFor(index, FACT_TOPICS[topic].query, (p) => p.source !== 'profile.json');
    const fact = factSentence(topic, profile);
    // The profile states the headline fact; a knowledge passage, when there is one, says it in full.
    if (fact && (topic === 'experience' || topic === 'skills' || !passage)) parts.push(fact);
    use(passage);
  }

  const wantsContact = hasContactIntent(question);
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

function isCaseStudy(passage: Passage): boolean {
  return Boolean(passage.fields.client && passage.fields.outcome);
}

/** A case study the question is clearly about ("the hospital project"): well matched and well ahead of the others. */
function pickSpecificProject(hits: ScoredPassage[], minCoverage: number): Passage | undefined {
  const [first, second] = hits.filter((hit) => isCaseStudy(hit.passage));
  if (!first || first.coverage < minCoverage) return undefined;
  const isDominant = !second || first.score >= second.score * 2;
  return isDominant && first.score >= (hits[0]?.score ?? 0) * 0.5 ? first.passage : undefined;
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
  const items = studies.map((study) => {
    const outcome = study.fields.outcome!.replace(/\.$/, '');
    return `- **${study.title}**: ${outcome}.`;
  });
  return [
    `In ${profile.experience} I've delivered ${profile.projects}. Here are some of them:`,
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
