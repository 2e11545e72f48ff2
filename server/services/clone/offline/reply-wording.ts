import { isFramingTerm, meaningfulTerms } from '../text-terms';
import type { VisitorMessage } from './understand-message';

// How an English answer is worded for the visitor: "Yes." before a yes, ranges in digits for a
// reader of another language.

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};

/**
 * "four to eight weeks" as "4-8 weeks", "two or three" as "2 or 3": ranges, where a reader of
 * another language compares the numbers and needs no English word between them.
 */
export function withDigits(text: string): string {
  const word = Object.keys(NUMBER_WORDS).join('|');
  const digit = (number: string) => String(NUMBER_WORDS[number.toLowerCase()]);
  return text.replace(
    new RegExp(String.raw`\b(${word})\s+(to|or)\s+(${word})\b`, 'gi'),
    (_, from: string, joiner: string, to: string) =>
      joiner.toLowerCase() === 'to' ? `${digit(from)}-${digit(to)}` : `${digit(from)} ${joiner} ${digit(to)}`,
  );
}

const ASKS_YES_OR_NO = /^\W*(do|does|did|are|can|could|have|has|will|would)\s+(you|u|ya)\b/i;
const SAYS_NO_OR_ONLY = /\b(not|no|never|only|except|n't)\b|^\W*(yes|no)\b/i;

/**
 * "Do you sign NDAs?" is answered "Yes." first when the opening sentence says every word it asks
 * about, without a "not" or an "only" that would make the yes a half-truth.
 */
export function withYes(message: VisitorMessage, text: string): string {
  // A project's card or a list speaks for itself.
  if (
    !ASKS_YES_OR_NO.test(message.question) ||
    /\?.*\S.*\?/.test(message.question) ||
    /^(\*\*|- )/.test(text)
  )
    return text;
  const asked = meaningfulTerms(message.focus).filter((term) => !isFramingTerm(term));
  const opening = text.split(/(?<=[.!?])\s|\n/)[0] ?? '';
  const said = new Set(meaningfulTerms(opening));
  if (asked.length === 0 || SAYS_NO_OR_ONLY.test(opening) || !asked.every((term) => said.has(term)))
    return text;
  return `Yes. ${text}`;
}
