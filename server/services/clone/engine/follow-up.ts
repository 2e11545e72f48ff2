import type { ChatTurn } from '../chat-model';
import { caseStudies, type Knowledge, type Section, type Sentence } from './knowledge';
import { findSections, rankSentences, type Match } from './retrieve';
import { understand, type Question, type Slot } from './understand';

// Follow-ups read from what the previous reply quoted: its sections, and the case studies it listed.

/** A section answers a follow-up when one of its sentences says most of what is new in it. */
export function answersWell(section: Section, question: Question): boolean {
  if (question.slots.length === 0) return false;
  // "Which cloud was that on?": a question that points back needs less to stay on its topic.
  return (rankSentences(section, question)[0]?.share ?? 0) >= (question.refersBack ? 0.25 : 0.5);
}

/** The question asked again with the previous one's topic, its section a little ahead. */
export function carryOn(
  question: Question,
  previous: PreviousAnswer,
  knowledge: Knowledge,
): Match | undefined {
  const lift = new Map(previous.sections.map((section) => [section.passage.id, 0.2]));
  const carried = previous.question.slots.map((slot) => ({ ...slot, weight: slot.weight * 0.5 }));
  // The best section that answers something new in this message (or any, when nothing is new);
  // a section that counts what "how many people can join one?" counts answers that too.
  const unit = question.countedUnit;
  const sumWeights = (slots: Slot[]) => slots.reduce((sum, slot) => sum + slot.weight, 0);
  const own = sumWeights(question.slots);
  const newShare = (match: Match) => {
    const answered = sumWeights(match.answered.filter((slot) => question.slots.includes(slot)));
    const counts = unit !== undefined && match.section.sentences.some((s) => s.counts.has(unit));
    const unitWeight = counts ? knowledge.weightOf(unit) : 0;
    return own + unitWeight === 0 ? 1 : (answered + unitWeight) / (own + unitWeight);
  };
  const matches = findSections({ ...question, slots: [...question.slots, ...carried] }, knowledge, lift);
  const best = matches.find((match) => newShare(match) > 0);
  return best && { ...best, confidence: newShare(best) };
}

export interface PreviousAnswer {
  question: Question;
  /** The sections the previous reply quoted: as stored with it, else read from its text. */
  sections: Section[];
  /** The case studies it listed, in order, for "the second one". */
  listed: Section[];
  /** The list items it quoted, in order, for "the first one" of another list. */
  items: Sentence[];
  /** The previous reply without Markdown marks. */
  reply: string;
}

type Quoted = Pick<PreviousAnswer, 'sections' | 'listed' | 'items'>;

/** What the previous reply answered: the previous visitor message, and the sections its reply quoted. */
export function previousAnswer(history: ChatTurn[], knowledge: Knowledge): PreviousAnswer | undefined {
  const before = history.filter((turn) => turn.role === 'user').at(-2);
  const last = history.filter((turn) => turn.role === 'assistant').at(-1);
  if (!before || last === undefined) return undefined;
  // Read without Markdown marks: a spoken reply has none.
  const plain = last.content.replace(/\*\*/g, '');
  const read = readQuote(last.content, plain, knowledge);
  return {
    question: understand(before.content, knowledge),
    reply: plain,
    ...(storedQuote(last.answered, plain, knowledge, read) ?? read),
  };
}

/**
 * What the reply answered, from the section ids stored with it: they survive a reply cut short or
 * worded apart from the content. Ids are only looked up, never read; undefined (the text is read
 * instead) when none were stored, when one names no section of the content as it is now (it
 * changed, or the reply quoted the calendar), or when the reply's text quotes sections and none of
 * them is among the ids' (the content changed under ids that still resolve).
 */
function storedQuote(
  answered: string[] | undefined,
  plain: string,
  knowledge: Knowledge,
  read: Quoted,
): Quoted | undefined {
  if (!answered || answered.length === 0) return undefined;
  const found = answered.map((id) => knowledge.sectionById.get(id));
  if (found.some((section) => section === undefined)) return undefined;
  const quoted = [...new Set(found as Section[])];
  const seen = [...read.listed, ...read.sections];
  if (seen.length > 0 && !seen.some((section) => quoted.includes(section))) return undefined;
  const listed = quoted.filter((section) => section.isCaseStudy);
  // A list of projects is followed up by its projects ("the second one"), not their details.
  const sections = listed.length > 1 ? [] : quoted;
  const items = sections.flatMap((section) => section.sentences.filter((sentence) => sentence.isListItem));
  const shown = inReplyOrder(items, plain);
  // A reply laid out as a list: two lines or more that start with a bullet or a number.
  const isList = plain.split('\n').filter((line) => /^\s*([-*\u2022]|\d+\.)\s+/.test(line)).length >= 2;
  // The items as the reply shows them; a list that no longer names them (cut or reworded), all of
  // its sections' items in the content's order.
  return { sections, listed, items: shown.length > 0 || !isList ? shown : items };
}

/** What the reply answered, read from its text: the sections whose sentences it quotes. */
function readQuote(reply: string, plain: string, knowledge: Knowledge): Quoted {
  const listed = caseStudies(knowledge)
    .filter((section) => reply.includes(section.passage.title))
    .sort((a, b) => reply.indexOf(a.passage.title) - reply.indexOf(b.passage.title));
  // A sentence long enough to tell it apart, quoted whole.
  const isQuoted = ({ text }: Sentence) => text.length >= 30 && plain.includes(text.replace(/\*\*/g, ''));
  const sections = knowledge.sections.filter(
    (section) => (listed.length === 1 && listed[0] === section) || section.sentences.some(isQuoted),
  );
  const items = inReplyOrder(
    sections.flatMap((section) => section.sentences.filter((sentence) => sentence.isListItem)),
    plain,
  );
  return { sections: listed.length > 1 ? [] : sections, listed, items };
}

/** The list items the reply names, in the order it names them. */
function inReplyOrder(items: Sentence[], plain: string): Sentence[] {
  return items
    .map((sentence) => ({ sentence, at: plain.indexOf(listName(sentence)) }))
    .filter(({ at }) => at !== -1)
    .sort((a, b) => a.at - b.at)
    .map(({ sentence }) => sentence);
}

/**
 * "how much is the first one?": a kind of fact the item picked does not state is asked of the
 * item by its name, as a question of its own. Undefined when the item says what is asked.
 */
export function askedOfItem(question: Question, item: Sentence, knowledge: Knowledge): Question | undefined {
  if (![...question.asks].some((type) => !item.types.has(type))) return undefined;
  return {
    ...understand(`${listName(item)}: ${question.text}`, knowledge, question.language),
    channel: question.channel,
  };
}

/** How a list item reads in a reply: whole, or by its bold name when a long list gave names only. */
function listName(item: Sentence): string {
  return /^\*\*([^*]+?)[:.]?\*\*/.exec(item.text)?.[1] ?? item.text.replace(/\*\*/g, '');
}
