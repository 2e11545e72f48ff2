import { frame, type Language } from './language-data';
import { caseStudies, type Knowledge } from './knowledge';
import { MAX_LISTED } from './choose-sentences';

// The replies the engine gives without quoting one answer: the list of projects, and the honest
// "I don't know" that offers what it can answer.

export interface EngineReply {
  text: string;
  /** False when the content had no answer: the question is recorded for the owner. */
  isAnswered: boolean;
  /** The sections the reply quoted, so a follow-up can go on from them. */
  sectionIds: string[];
}

/** A reply that answers, quoting these sections (none for a reply of its own, such as a greeting). */
export function answered(text: string, sectionIds: string[] = []): EngineReply {
  return { text, isAnswered: true, sectionIds };
}

/** The case studies by name, numbered, for "what have you built?". */
export function listProjects(knowledge: Knowledge, language: Language): EngineReply {
  const projects = caseStudies(knowledge).slice(0, MAX_LISTED);
  const lines = projects.map((section, index) => `${index + 1}. ${section.passage.title}`);
  const ids = projects.map((section) => section.passage.id);
  return answered(`${frame(language, 'projectsIntro')}\n\n${lines.join('\n')}`, ids);
}

/** Says plainly the notes do not hold it, and names the owner's areas of expertise instead. */
export function dontKnow(knowledge: Knowledge, language: Language): EngineReply {
  const topics = knowledge.sections
    .filter((s) => s.passage.source === 'profile.json' && s.passage.id.includes('expertise'))
    .map((s) => s.passage.title);
  const last = topics.pop() ?? '';
  const list = topics.length > 0 ? `${topics.join(', ')} ${frame(language, 'and')} ${last}` : last;
  const text = [frame(language, 'dontKnow'), list ? frame(language, 'offer', { topics: list }) : '']
    .filter(Boolean)
    .join(' ');
  return { text, isAnswered: false, sectionIds: [] };
}
