import type { ChatTurn } from '../chat-model';
import { caseStudies, type Knowledge, type Section, type Sentence } from './knowledge';
import { findSections, rankSentences, type Match } from './retrieve';
import { understand, type Question } from './understand';

// Follow-ups read from what the previous reply quoted: its sections, and the case studies it listed.

/** A section answers a follow-up when one of its sentences says most of what is new in it. */
export function answersWell(section: Section, question: Question): boolean {
  if (question.slots.length === 0) return false;
  const best = rankSentences(section, question)[0];
  return best !== undefined && best.share >= 0.5;
}

/** The question asked again with the previous one's topic, its section a little ahead. */
export function carryOn(
  question: Question,
  previous: PreviousAnswer,
  knowledge: Knowledge,
): Match | undefined {
  const lift = new Map(previous.sections.map((section) => [section.passage.id, 0.2]));
  const carried = previous.question.slots.map((slot) => ({ ...slot, weight: slot.weight * 0.5 }));
  // The best section that answers something new in this message (or any, when nothing is new).
  const own = question.slots.reduce((sum, slot) => sum + slot.weight, 0);
  const newShare = (match: Match) =>
    own === 0
      ? 1
      : match.answered
          .filter((slot) => question.slots.includes(slot))
          .reduce((sum, slot) => sum + slot.weight, 0) / own;
  const best = findSections({ ...question, slots: [...question.slots, ...carried] }, knowledge, lift).find(
    (match) => newShare(match) > 0,
  );
  return best && { ...best, confidence: newShare(best) };
}

export interface PreviousAnswer {
  question: Question;
  /** The sections the previous reply quoted, read from its text. */
  sections: Section[];
  /** The case studies it listed, in order, for "the second one". */
  listed: Section[];
  /** The list items it quoted, in order, for "the first one" of another list. */
  items: Sentence[];
  /** The previous reply without Markdown marks. */
  reply: string;
}

/** What the previous reply answered: the previous visitor message, and the sections its reply quoted. */
export function previousAnswer(history: ChatTurn[], knowledge: Knowledge): PreviousAnswer | undefined {
  const before = history.filter((turn) => turn.role === 'user').at(-2);
  const reply = history.filter((turn) => turn.role === 'assistant').at(-1)?.content;
  if (!before || reply === undefined) return undefined;
  const listed = caseStudies(knowledge)
    .filter((section) => reply.includes(section.passage.title))
    .sort((a, b) => reply.indexOf(a.passage.title) - reply.indexOf(b.passage.title));
  // Read without Markdown marks: a spoken reply has none.
  const plain = reply.replace(/\*\*/g, '');
  const sections = knowledge.sections.filter(
    (section) =>
      (listed.length === 1 && listed[0] === section) ||
      section.sentences.some(
        (sentence) => sentence.text.length >= 30 && plain.includes(sentence.text.replace(/\*\*/g, '')),
      ),
  );
  const items = sections
    .flatMap((section) => section.sentences.filter((sentence) => sentence.isListItem))
    .map((sentence) => ({ sentence, at: plain.indexOf(listName(sentence)) }))
    .filter(({ at }) => at !== -1)
    .sort((a, b) => a.at - b.at)
    .map(({ sentence }) => sentence);
  return {
    question: understand(before.content, knowledge),
    reply: plain,
    sections: listed.length > 1 ? [] : sections,
    listed,
    items,
  };
}

/** How a list item reads in a reply: whole, or by its bold name when a long list gave names only. */
function listName(item: Sentence): string {
  return /^\*\*([^*]+?)[:.]?\*\*/.exec(item.text)?.[1] ?? item.text.replace(/\*\*/g, '');
}
