import type { ReplyOutcome } from '../server/services/clone/chat-model';
import { detectLanguage, openingSentence } from './detect-language';
import { toRegex, type EvalCase } from './load-cases';

export interface ObservedReply {
  /** The reply to the case's last turn: as stored for chat, as spoken for voice. */
  reply: string;
  /** Chat only: whether the contact form opened with that reply. */
  formOpened?: boolean;
  /** What the model reported through onOutcome; undefined when it reported nothing. */
  outcome?: ReplyOutcome;
}

// What a spoken reply must not contain: Markdown read aloud, or a screen the caller cannot see.
const NOT_SPEAKABLE: Array<[RegExp, string]> = [
  [/\*\*/, 'Markdown bold (**)'],
  [/(^|\n)\s*#/, 'a Markdown heading (#)'],
  [/(^|\n)\s*- /, 'a Markdown bullet (- )'],
  [/below the chat/i, 'an on-screen reference ("below the chat")'],
  [/\bbutton\b/i, 'an on-screen reference ("button")'],
];

/** Each way the reply misses the case's expectations, in words; empty when it passes. */
export function judgeReply(evalCase: EvalCase, { reply, formOpened, outcome }: ObservedReply): string[] {
  const { expect } = evalCase;
  const failures: string[] = [];
  for (const fact of expect.facts) {
    if (!toRegex(fact).test(reply)) failures.push(`missing fact /${fact}/`);
  }
  for (const forbidden of expect.forbid) {
    const match = toRegex(forbidden).exec(reply);
    if (match) failures.push(`forbidden /${forbidden}/ matched "${match[0]}"`);
  }
  if (expect.refusal === true) {
    if (!outcome) failures.push('expected "I don\'t know", but the model reported no outcome');
    else if (outcome.isAnswered) failures.push('expected "I don\'t know", but the outcome says answered');
  } else if (expect.refusal === false && outcome && !outcome.isAnswered) {
    failures.push('expected an answer, but the outcome says not answered');
  }
  if (evalCase.channel === 'chat') {
    const shouldOpen = expect.form ?? false;
    if (formOpened !== shouldOpen) failures.push(shouldOpen ? 'form did not open' : 'form opened');
  }
  if (expect.language) {
    const opening = openingSentence(reply);
    const detected = detectLanguage(opening);
    if (detected !== expect.language) {
      failures.push(
        `opening sentence is ${detected ?? 'undetermined'}, not ${expect.language}: "${opening}"`,
      );
    }
  }
  if (expect.maxWords !== undefined) {
    const words = countWords(reply);
    if (words > expect.maxWords) failures.push(`${words} words, more than ${expect.maxWords}`);
  }
  if (evalCase.channel === 'voice') {
    for (const [pattern, what] of NOT_SPEAKABLE) {
      if (pattern.test(reply)) failures.push(`not speakable: ${what}`);
    }
  }
  return failures;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
