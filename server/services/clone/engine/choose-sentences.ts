import type { ReplyChannel } from '../chat-model';
import { SENTENCE_END, type Section, type Sentence } from './knowledge';
import type { AnswerType } from './answer-types';
import type { RankedSentence } from './retrieve';
import { countWords } from '../text-terms';

// Which sentences of a section a reply quotes: the best one first, then only what it leaves out,
// within about what one fact takes; list items as a list; a case study in two lines.

/** About what one fact takes; a reply grows past it only for a list the visitor asked for. */
const WORD_BUDGET = 70;
export const MAX_LISTED = 6;
/** A sentence this short rarely answers alone: the next one of its section follows it. */
const SHORT_ANSWER_WORDS = 16;

/**
 * List items as lines; a long list of named items gives their names only, or, when the question
 * asks for a kind of fact the items state (their prices, their dates), each name with the first
 * clause that states it: "What are your rates?" must not lose the amounts.
 */
export function listBody(items: Sentence[], mayShorten: boolean, asks: ReadonlySet<AnswerType>): string {
  const named = items.map((item) => /^\*\*([^*]+?)[:.]?\*\*\s*(.*)$/s.exec(item.text));
  const words = items.reduce((sum, item) => sum + countWords(item.text), 0);
  const isShort = !mayShorten || words <= WORD_BUDGET || named.some((match) => !match);
  const lines = items.map((item, index) => {
    const [, name, rest] = named[index] ?? [];
    if (isShort || !name) return item.text;
    const statesAsked = [...asks].some((type) => item.types.has(type));
    const clause = rest?.split(/(?<=[,.;])\s/)[0]?.replace(/[,.;]$/, '');
    return statesAsked && clause ? `**${name}:** ${clause}` : name;
  });
  return lines.map((line) => `- ${line}`).join('\n');
}

/**
 * The list items that answer as well as the best one, in order; when a list is asked, those that
 * answer more than the heading alone does (all of them when they answer alike).
 */
export function listItems(ranked: RankedSentence[], wantsList: boolean): Sentence[] {
  const items = ranked.filter((r) => r.sentence.isListItem && !r.isAside);
  const best = items[0]?.share ?? 0;
  // A list asked for is the items that answer it, not those that only share its heading.
  const floor = Math.min(...ranked.filter((r) => r.sentence.isListItem).map((r) => r.share));
  const least = !wantsList ? best * 0.99 : best > floor ? Math.max(floor + 1e-9, best * 0.5) : 1e-9;
  return items
    .filter((r) => r.share >= least)
    .map((r) => r.sentence)
    .sort((a, b) => a.order - b.order)
    .slice(0, MAX_LISTED);
}

/** The section's first sentences, within a short reply. */
export function leadingSentences(section: Section, channel?: ReplyChannel): Sentence[] {
  const chosen: Sentence[] = [];
  let words = 0;
  for (const sentence of section.sentences) {
    if (channel === 'voice' && sentence.isScreenOnly) continue;
    if (chosen.length > 0 && words + countWords(sentence.text) > WORD_BUDGET) break;
    chosen.push(sentence);
    words += countWords(sentence.text);
  }
  return chosen;
}

/** The best sentence first, then others that answer what it leaves out, within a short reply. */
export function pickSentences(section: Section, ranked: RankedSentence[]): Sentence[] {
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
  if (words < SHORT_ANSWER_WORDS) {
    // The next sentence the reply can use (a spoken one skips what points at the screen).
    const usable = new Set(ranked.map((r) => r.sentence));
    const next = section.sentences.slice(best.sentence.order + 1).find((s) => usable.has(s));
    if (next && !chosen.includes(next)) chosen.push(next);
  }
  return chosen;
}

/** A case study in two lines: what was built and what it changed. */
export function summary(section: Section): Sentence[] {
  const solution = fieldOf(section, 'solution');
  // The solution told by its first sentence, so a case study in two lines stays short.
  const first = solution?.text.split(SENTENCE_END)[0];
  const built = solution && first && first !== solution.text ? { ...solution, text: first } : solution;
  const lines = [built ?? section.sentences[0], fieldOf(section, 'outcome')];
  return lines.filter((s): s is Sentence => s !== undefined);
}

/** A case study's field by its key ("solution"). */
export const fieldOf = (section: Section, key: string): Sentence | undefined =>
  section.sentences.find((s) => s.text.toLowerCase().startsWith(`**${key}`));
