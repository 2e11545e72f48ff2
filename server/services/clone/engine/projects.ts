import { ENGLISH } from './language-data';
import type { Section } from './knowledge';
import type { Match } from './retrieve';
import type { Question } from './understand';

// What a question asks of the owner's projects: one case study named, or the projects in general.

/**
 * "Tell me about the logistics project": a case study whose title says all the rest of the
 * question is what is asked, before a section that only mentions the same words ("logistics"
 * among the sectors I know).
 */
export function projectAsked(question: Question, matches: Match[]): Match | undefined {
  const [first] = matches;
  // "How many data platforms have you delivered?" counts them, it names none.
  const countsMany = question.slots.some((slot) => slot.isPlural && slot.isAskedThing);
  if (!first || first.section.isCaseStudy || !question.wantsProject || question.wantsList || countsMany)
    return first;
  const rest = (match: Match) => match.answered.filter((slot) => !isProjectWord(slot));
  const asked = rest(first);
  // Named by its title: "when could you start a new project?" names none.
  const study = matches.find(
    (match) =>
      match.section.isCaseStudy &&
      asked.length > 0 &&
      asked.every((slot) => slot.own.some((stem) => match.section.titleTerms.has(stem))),
  );
  return study ?? first;
}

function isProjectWord(slot: Question['slots'][number]): boolean {
  return slot.concept === 'project' || ENGLISH.projectWords.includes(slot.word);
}

/** The section answers more of the question than the words that ask for projects. */
export function answersBeyondProjects(match: Match): boolean {
  return match.answered.some((slot) => !isProjectWord(slot));
}

export function isAboutTheProject(question: Question, section: Section): boolean {
  if (question.wantsNumber) return false;
  return (
    question.wantsProject ||
    question.slots.every((slot) =>
      slot.stems.some((stem) => section.passage.title.toLowerCase().includes(stem)),
    )
  );
}
