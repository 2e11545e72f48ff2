import { countWords, isFramingTerm, meaningfulTerms } from '../text-terms';
import type { Language } from './language';
import { isPriceTerm } from './prefer-units';

// Where a visitor's message holds several questions, and which of them borrow their subject from
// another ("how long does it take, and what does an assessment cost?").

export function asksOnlyPrice(clause: string, query: string, language: Language): boolean {
  // "¿y cuánto cuesta?" leaves "it" unsaid.
  const pointsBack = /\b(that|it|this|those|these|them|quel|quelle|cual|welche[nrs]?|was)\b/i.test(clause);
  // "What's the price?" names no subject of its own either.
  const isBare = countWords(clause) <= 4 && /\bthe\b/i.test(clause);
  if (!pointsBack && !isBare && language === 'en') return false;
  const terms = meaningfulTerms(query);
  return terms.some(isPriceTerm) && terms.every((term) => isPriceTerm(term) || isFramingTerm(term));
}

export const HOW_LONG_OR_MUCH = new Set(
  meaningfulTerms('how long lasts last take takes duration time weeks months much cost costs'),
);

/** "How long does it take", "cuánto dura": a clause with no subject of its own. */
export function asksOnlyHowLongOrMuch(query: string): boolean {
  const terms = meaningfulTerms(query);
  return terms.length > 0 && terms.every((term) => HOW_LONG_OR_MUCH.has(term) || isFramingTerm(term));
}

/**
 * "How can we work together, and what are your rates?" asks two things: each gets its answer.
 * "When a project wraps up, what do you leave behind?" asks one.
 */
export function splitQuestions(question: string): string[] {
  // "wat state r u in n do u come onsite": "n" and "&" join two questions as "and" does.
  const parts = question
    .replace(
      /\s(?:n|&|\+)\s(?=(?:do|does|are|r|can|is|what|wat|how|where|when|which|who|will|would)\b)/gi,
      ' and ',
    )
    .split(
      /\?|;|,?\s+\b(?:and|also|plus|or)\s+(?=(?:(?:on|in|at|for|by|from|with)\s+)?(?:what|how|where|when|do|does|are|can|is|which|who|whom|will|would)\b)|,?\s+(?:y|e|et|und)\s+(?=¿?(?:cu[aá]nt[oa]s?|qu[eé]|cu[aá]l(?:es)?|d[oó]nde|cu[aá]ndo|c[oó]mo|combien|quel(?:le)?s?|o[uù]|quand|comment|wie|was|wo|wann|welche[nrs]?)(?![a-zà-ÿ]))|,?\s+\bor\s+(?:like\s+|maybe\s+|just\s+)?(?=(?:per|by|on|in|over|at)\b)|(?<=^\s*(?:what|how|where|which|who|do|does|are|is|can)\b[^,]*),\s+(?=(?:what|how|where|when|which|who)\b)/i,
    )
    .map((part) => part.trim())
    .filter((part) => meaningfulTerms(part).length > 0);
  return parts.length > 1 ? parts.slice(0, 3) : [question];
}

/** "Do I have to pay for it?", "what does that cost?": a short clause asking the price of "it". */
export function asksWhatItCosts(sentence: string): boolean {
  return (
    countWords(sentence) <= 8 &&
    /\b(pay|paid|costs?|charge[sd]?|price[sd]?|fees?|free)\b/i.test(sentence) &&
    /\b(it|that|this|one|they|them|those|these)\b/i.test(sentence)
  );
}

/** Whether earlier answers already say what something costs: an amount, or that it is free. */
export function saysPrice(answers: Array<{ text: string }>): boolean {
  return answers.some((answer) => /\bfree\b|[$€£]\s?\d/i.test(answer.text));
}
