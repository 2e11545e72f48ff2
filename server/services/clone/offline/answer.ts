import type { ProfileFile } from '../../../../shared/content';
import type { AnswerUnit } from '../answer-units';
import { isCaseStudy, withArticle, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { SITE_KNOWLEDGE_FILE } from '../site-knowledge';
import { openingTopic, type OpeningTopic } from './phrases';
import { renderPassageSummary, renderUnits } from './render';
import { findUnits } from './select-units';
import type { VisitorMessage } from './understand-message';

// An answer of the offline clone and what it is about, which decides its opening sentence in
// another language and whether a call may be offered after it.

export interface Answer {
  text: string;
  topic: OpeningTopic;
  /** Rates, services, availability, engagement or projects: a call may be offered after it. */
  isSalesTopic: boolean;
  /** The list of all projects: no answer to "how do I contact you about a project". */
  isOverview?: boolean;
}

export function fromUnits(units: AnswerUnit[], message: VisitorMessage): Answer {
  return {
    text: renderUnits(units),
    ...describeTopic(
      units.map((unit) => unit.passage),
      message,
    ),
  };
}

export function summarise(passage: Passage, message: VisitorMessage, index: KnowledgeIndex): Answer {
  const units = index.units.units.filter((unit) => unit.passage === passage);
  const ids = new Set(units.map((unit) => unit.id));
  const relevant = index.units
    .search(message.query, { only: ids })
    .hits.filter((hit) => hit.exactTerms.length > 0)
    .map((hit) => hit.unit.id);
  return { text: renderPassageSummary(passage, units, relevant), ...describeTopic([passage], message) };
}

const TOPICS: Array<[OpeningTopic, RegExp, boolean]> = [
  ['rates', /\b(rates?|pric\w*|costs?|fees?|discount|invoice\w*|charge|\$)/i, true],
  ['availability', /\b(availab\w*|capacity|start)/i, true],
  ['booking', /\b(book\w*|schedul\w*|slot|call)\b/i, false],
  ['services', /\b(services|offer|work together|engagement)/i, true],
  ['experience', /\b(experience|years|career|background)\b/i, false],
  ['location', /\b(based|location|remote\w*|time zone|travel)\b/i, false],
  // Spoken languages; "What programming languages do you use?" is about the work.
  ['languages', /^(?!.*\bprogramm).*\b(speak|spoken|spanish|english|languages?)\b/is, false],
];

export function describeTopic(
  passages: Passage[],
  message: VisitorMessage,
): Pick<Answer, 'topic' | 'isSalesTopic'> {
  if (passages.some(isCaseStudy)) return { topic: 'projects', isSalesTopic: true };
  const about = `${message.query} ${passages.map((passage) => passage.title).join(' ')}`;
  const matched = TOPICS.find(([, pattern]) => pattern.test(about));
  // The site's own offer (voice plans, booking) is no reason to offer a call about "your project".
  const isSiteOnly =
    passages.length > 0 && passages.every((passage) => passage.source === SITE_KNOWLEDGE_FILE);
  const found: typeof matched = matched && isSiteOnly ? [matched[0], matched[1], false] : matched;
  // In another language the opening sentence names what was answered, told by the headings.
  if (message.language !== 'en') {
    const sections = passages.map((passage) => passage.text).join(' ');
    const topic = openingTopic(
      passages.map((passage) => passage.title),
      message.query,
      sections,
    );
    return { topic, isSalesTopic: found?.[2] ?? false };
  }
  return found ? { topic: found[0], isSalesTopic: found[2] } : { topic: 'general', isSalesTopic: false };
}

export function introduce(profile: ProfileFile, index: KnowledgeIndex): Answer {
  const clone = findUnits(index, 'ai clone real person').hits[0]?.unit;
  const intro = `I'm the AI clone of ${profile.name}, ${withArticle(profile.title)} based in ${profile.location} with ${profile.experience} of experience.`;
  const more = clone ? ` ${clone.text}` : '';
  return { text: `${intro}${more}`, topic: 'clone', isSalesTopic: false };
}

/** The nearest thing the clone knows, named in a refusal: the best partial match's heading. */
export function nearestTopic(message: VisitorMessage, index: KnowledgeIndex): string | undefined {
  const hit = findUnits(index, message.query).hits[0];
  if (!hit) return undefined;
  const { title } = hit.unit.passage;
  return `"${title.replace(/[?:]$/, '')}"`;
}
