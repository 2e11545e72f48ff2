import type { ChatTurn, ReplyChannel } from '../chat-model';
import { hasContactIntent } from '../../chat/contact-intent';
import { frame, type Language } from './language-data';
import type { Knowledge, Section, Sentence } from './knowledge';
import { findSections, rankSentences, type Match, type RankedSentence } from './retrieve';
import { understand, type Question } from './understand';

export interface EngineReply {
  text: string;
  /** False when the content had no answer: the question is recorded for the owner. */
  isAnswered: boolean;
  /** The sections the reply quoted, so a follow-up can go on from them. */
  sectionIds: string[];
}

/** Below this share of the question's weight answered, the clone says it does not know. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** About what one fact takes; a reply grows past it only for a list the visitor asked for. */
const WORD_BUDGET = 70;
const MAX_LISTED = 6;

/** The offline clone's reply to the last visitor message of `history`. */
export function composeReply(
  history: ChatTurn[],
  knowledge: Knowledge,
  channel: ReplyChannel = 'chat',
): EngineReply {
  const visitorTurns = history.filter((turn) => turn.role === 'user');
  const message = visitorTurns.at(-1)?.content ?? '';
  const question = understand(message, knowledge);
  const { language } = question;
  const reply = answer(question, history, knowledge);
  const intent = hasContactIntent(message, knowledge.ownerName);
  const parts = [reply.text];
  if (intent && !reply.text.includes(frame(language, 'askCall'))) parts.push(frame(language, 'askCall'));
  const opening = reply.isAnswered && reply.sectionIds.length > 0 ? frame(language, 'opening') : '';
  const text = [opening, ...parts].filter(Boolean).join(channel === 'voice' ? ' ' : '\n\n');
  return {
    ...reply,
    isAnswered: reply.isAnswered || intent,
    text: channel === 'voice' ? toPlainText(text) : text,
  };
}

function answer(question: Question, history: ChatTurn[], knowledge: Knowledge): EngineReply {
  const { language } = question;
  if (question.smallTalk) {
    const name =
      question.smallTalk === 'greetings'
        ? 'greeting'
        : question.smallTalk === 'thanks'
          ? 'thanks'
          : 'farewell';
    return { text: frame(language, name, { name: knowledge.ownerName }), isAnswered: true, sectionIds: [] };
  }
  const previous = previousAnswer(history, knowledge);
  if (question.ordinal && previous?.listed.length) {
    const section = previous.listed[question.ordinal - 1];
    if (section) return quote(section, question, knowledge, { isWhole: true });
  }
  let matches = findSections(question, knowledge);
  if (previous && (question.isFollowUp || (matches[0]?.confidence ?? 0) < CONFIDENCE_THRESHOLD)) {
    const carried = carryOn(question, previous.question, previous.sectionIds, knowledge);
    if (carried && (carried.confidence > (matches[0]?.confidence ?? 0) || question.slots.length === 0))
      matches = [carried, ...matches];
  }
  const best = matches[0];
  if (question.wantsProject && question.wantsList) return listProjects(knowledge, language);
  if (!best || best.confidence < CONFIDENCE_THRESHOLD) {
    if (question.wantsProject && caseStudies(knowledge).length > 0) return listProjects(knowledge, language);
    return dontKnow(knowledge, language);
  }
  return quote(best.section, question, knowledge, { match: best });
}

/** The question asked again with the previous one's topic, its section a little ahead. */
function carryOn(
  question: Question,
  previous: Question,
  previousIds: string[],
  knowledge: Knowledge,
): Match | undefined {
  const lift = new Map(previousIds.map((id) => [id, 0.2]));
  const combined = {
    ...question,
    slots: [...question.slots, ...previous.slots.map((slot) => ({ ...slot, weight: slot.weight * 0.5 }))],
  };
  const best = findSections(combined, knowledge, lift)[0];
  if (!best) return undefined;
  // Confident when it answers what is new in this message (or there is nothing new).
  const own = question.slots.reduce((sum, slot) => sum + slot.weight, 0);
  const answered = best.answered
    .filter((slot) => question.slots.includes(slot))
    .reduce((sum, slot) => sum + slot.weight, 0);
  return { ...best, confidence: own === 0 ? 1 : Math.max(answered / own, best.confidence) };
}

/** What the previous reply answered, read again from the previous visitor message. */
function previousAnswer(history: ChatTurn[], knowledge: Knowledge) {
  const visitorTurns = history.filter((turn) => turn.role === 'user');
  const before = visitorTurns.at(-2);
  if (!before) return undefined;
  const question = understand(before.content, knowledge);
  const lastReply = history.filter((turn) => turn.role === 'assistant').at(-1)?.content ?? '';
  const listed = caseStudies(knowledge).filter((section) => lastReply.includes(section.passage.title));
  const best = findSections(question, knowledge)[0];
  return { question, listed, sectionIds: best ? [best.section.passage.id] : [] };
}

function quote(
  section: Section,
  question: Question,
  knowledge: Knowledge,
  { match, isWhole = false }: { match?: Match; isWhole?: boolean },
): EngineReply {
  const slots = match?.answered.length ? match.answered : question.slots;
  const ranked = rankSentences(section, slots);
  const top = ranked[0];
  let chosen: Sentence[];
  if (
    section.isCaseStudy &&
    (isWhole || !top || top.share === 0 || !top.sentence.isListItem || isAboutTheProject(question, section))
  )
    chosen = summary(section);
  else if (!top || top.share === 0) chosen = section.sentences.slice(0, 2);
  else if (question.wantsList && top.sentence.isListItem) {
    const answering = ranked.filter((r) => r.sentence.isListItem && r.share > 0).map((r) => r.sentence);
    chosen = answering.sort((a, b) => a.order - b.order).slice(0, MAX_LISTED);
  } else chosen = pickSentences(section, ranked);
  const lead = section.isCaseStudy ? `**${section.passage.title}**` : '';
  const body = chosen.map((s) => (s.isListItem && chosen.length > 1 ? `- ${s.text}` : s.text));
  const text = [
    lead,
    chosen.length > 1 && chosen.every((s) => s.isListItem) ? body.join('\n') : body.join(' '),
  ]
    .filter(Boolean)
    .join(lead && chosen.every((s) => s.isListItem) && chosen.length > 1 ? '\n' : ': ');
  return { text, isAnswered: true, sectionIds: [section.passage.id] };
}

/** The best sentence first, then others that answer what it leaves out, within a short reply. */
function pickSentences(section: Section, ranked: RankedSentence[]): Sentence[] {
  const best = ranked[0]!;
  const chosen = [best.sentence];
  const answered = new Set(best.answered);
  const first = section.sentences[0];
  // A question's answer often opens with "Yes." or "No.": it goes first.
  if (section.isQuestion && first && first !== best.sentence && countWords(first.text) <= 8)
    chosen.unshift(first);
  let words = chosen.reduce((sum, s) => sum + countWords(s.text), 0);
  for (const { sentence, answered: more } of ranked.slice(1)) {
    if (!more.some((slot) => !answered.has(slot)) || chosen.includes(sentence)) continue;
    if (words + countWords(sentence.text) > WORD_BUDGET) continue;
    chosen.push(sentence);
    for (const slot of more) answered.add(slot);
    words += countWords(sentence.text);
  }
  if (words < 12) {
    const next = section.sentences[best.sentence.order + 1];
    if (next && !chosen.includes(next)) chosen.push(next);
  }
  return chosen;
}

function isAboutTheProject(question: Question, section: Section): boolean {
  return (
    question.wantsProject ||
    question.slots.every((slot) =>
      slot.stems.some((stem) => section.passage.title.toLowerCase().includes(stem)),
    )
  );
}

/** A case study in two lines: what was built and what it changed. */
function summary(section: Section): Sentence[] {
  const field = (key: string) => section.sentences.find((s) => s.text.toLowerCase().startsWith(`**${key}`));
  return [field('solution') ?? section.sentences[0], field('outcome')].filter(
    (s): s is Sentence => s !== undefined,
  );
}

function caseStudies(knowledge: Knowledge): Section[] {
  return knowledge.sections.filter((section) => section.isCaseStudy);
}

function listProjects(knowledge: Knowledge, language: Language): EngineReply {
  const projects = caseStudies(knowledge).slice(0, MAX_LISTED);
  const lines = projects.map((section, index) => `${index + 1}. ${section.passage.title}`);
  return {
    text: `${frame(language, 'projectsIntro')}\n\n${lines.join('\n')}`,
    isAnswered: true,
    sectionIds: projects.map((section) => section.passage.id),
  };
}

function dontKnow(knowledge: Knowledge, language: Language): EngineReply {
  const topics = knowledge.sections
    .filter((s) => s.passage.source === 'profile.json' && s.passage.id.includes('expertise'))
    .map((s) => s.passage.title);
  const list =
    topics.length > 1
      ? `${topics.slice(0, -1).join(', ')} ${frame(language, 'and')} ${topics.at(-1)}`
      : (topics[0] ?? '');
  const text = [frame(language, 'dontKnow'), list ? frame(language, 'offer', { topics: list }) : '']
    .filter(Boolean)
    .join(' ');
  return { text, isAnswered: false, sectionIds: [] };
}

function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** A reply spoken on a call: no Markdown marks. */
function toPlainText(text: string): string {
  return text
    .replace(/\*\*/g, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\s*\n+\s*/g, ' ')
    .trim();
}
