import { ENGLISH } from './language-data';
import { caseStudies, type Knowledge, type Section } from './knowledge';
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
  // What the first answers beyond "project", or when it answers nothing more, what is asked.
  const asked = rest(first).length > 0 ? rest(first) : question.slots.filter((slot) => !isProjectWord(slot));
  // Named by its title: "when could you start a new project?" names none.
  if (asked.length === 0) return first;
  const isTitled = ({ section }: Match) =>
    section.isCaseStudy && asked.every((slot) => slot.own.some((stem) => section.titleTerms.has(stem)));
  return matches.find(isTitled) ?? first;
}

/**
 * Two words of the question or more say a case study's title, and no other heading or named item
 * says them ("the hotel group's platform", not "the data platform health check").
 */
export function namesProject(question: Question, section: Section, knowledge: Knowledge): boolean {
  if (!section.isCaseStudy) return false;
  const others = knowledge.sections.filter((other) => other !== section);
  const elsewhere = (stem: string) =>
    others.some(
      (other) => other.titleTerms.has(stem) || other.sentences.some((s) => s.nameTerms.includes(stem)),
    );
  const said = question.slots
    .filter((slot) => !isProjectWord(slot))
    .flatMap((slot) => slot.own.filter((stem) => section.titleTerms.has(stem) && !elsewhere(stem)));
  // Two words of its title and no other's, or one beside a word that asks for a project ("the
  // retailer project").
  return said.length >= 2 || (said.length === 1 && question.wantsProject);
}

function isProjectWord(slot: Question['slots'][number]): boolean {
  return slot.concept === 'project' || ENGLISH.projectWords.includes(slot.word);
}

export function isAboutTheProject(question: Question, section: Section): boolean {
  const title = section.passage.title.toLowerCase();
  return (
    !question.asks.has('number') &&
    (question.wantsProject || question.slots.every((slot) => slot.stems.some((stem) => title.includes(stem))))
  );
}

/**
 * "Which bank was the mainframe project for?", "the real name of the insurer": a client the case
 * study's title describes without a name ("for a regional bank"), asked by name. The owner left it
 * unnamed on purpose, so the reply says so instead of quoting the project.
 */
export function unnamedClientAsked(question: Question, knowledge: Knowledge): Section | undefined {
  if (question.asks.has('number') || question.asks.has('money')) return undefined;
  const namesParty = (slot: Question['slots'][number], study: Section) =>
    !slot.isOwners &&
    (question.asks.has('name') || (slot.isAskedThing && !slot.isPlural)) &&
    slot.own.some((stem) => study.unnamedTerms.has(stem));
  const saidOfTitle = (study: Section) =>
    question.slots.filter((slot) => slot.own.some((stem) => study.titleTerms.has(stem))).length;
  // Said with more of the title ("the bank of the mainframe project"), or in two words or more
  // ("the hospital network"): one word ("which company do you invoice through?") is not enough.
  const isAsked = (study: Section) => {
    const party = question.slots.filter((slot) => namesParty(slot, study));
    const stems = party.flatMap((slot) => slot.own).filter((stem) => study.unnamedTerms.has(stem));
    // "the hotel group's CEO" asks the name of someone else.
    const isPossessed = party.some((slot) => {
      const at = question.text.toLowerCase().indexOf(slot.word.toLowerCase());
      return at !== -1 && /^['\u2019]s\b/.test(question.text.slice(at + slot.word.length));
    });
    return party.length > 0 && !isPossessed && (stems.length >= 2 || saidOfTitle(study) > party.length);
  };
  return caseStudies(knowledge)
    .filter(isAsked)
    .sort((a, b) => saidOfTitle(b) - saidOfTitle(a))[0];
}

/**
 * Projects in general ("what have you built?") are asked for, to be listed: not a project named
 * ("the bank reporting project's budget"), nor another question that happens to say "project"
 * ("when could you start a new project?"), which gets its answer. `answer` is the confident match.
 */
export function asksForProjects(question: Question, answer?: Match, named?: Match): boolean {
  if (!question.wantsProject || question.asks.has('number') || (named && !answer)) return false;
  if (question.slots.some((slot) => slot.isMissingName)) return false;
  // Not when the section answers more of the question than the words that ask for projects.
  return (
    !answer || answer.answered.every(isProjectWord) || (question.wantsList && !answer.section.isCaseStudy)
  );
}
