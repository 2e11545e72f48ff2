import type { Answer } from './answer';

// "Do you contract through a company?" … "What's it called?": the name the previous reply gave,
// said on its own.

const ASKS_ITS_NAME =
  /^\W*(what'?s|what is|whats) (it|its name|the name|the company|that|this) ?(called|named)?\W*$|^\W*(and )?(its|the) name\W*$|^\W*(what|which) name\b[^?]*\b(it|that)\b/i;
// Two or more capitalised words in a row, inside a sentence: "Morgan Solutions Architecture LLC".
const PROPER_NAME = /(?<=[a-z,;:] )(\p{Lu}[\p{L}&.-]*(?: \p{Lu}[\p{L}&.-]*)+)/gu;

export function answerNameAsked(question: string, previousReply: string): Answer | undefined {
  if (!ASKS_ITS_NAME.test(question)) return undefined;
  const firstParagraph = previousReply.split('\n\n')[0] ?? '';
  const names = [...new Set(Array.from(firstParagraph.matchAll(PROPER_NAME), ([name]) => name))];
  if (names.length !== 1) return undefined;
  return { text: `It's ${names[0]}.`, topic: 'general', isSalesTopic: false };
}
