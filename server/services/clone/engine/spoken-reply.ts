import { asSentence } from '../../voice/speakable-text';
import { ENGLISH, fold, hasAnyPhrase, type Language } from './language-data';

// A reply read out on a call: no sentence that points at the screen, no Markdown marks.

const SENTENCE_GAP = /(?<=[.!?])[ \t]+/;

/** A spoken reply leaves out the sentences that point at the screen ("the button below the chat"). */
export function withoutScreenReferences(text: string, language: Language): string {
  const screen = [...ENGLISH.screenWords, ...language.screenWords];
  const isSpoken = (sentence: string) => !hasAnyPhrase(fold(sentence), screen);
  // Line by line, so a list keeps its lines (and toPlainText reads them as its items).
  const spokenLine = (line: string) => line.split(SENTENCE_GAP).filter(isSpoken).join(' ');
  const spoken = text.split('\n').map(spokenLine).join('\n');
  return spoken.trim() ? spoken : text;
}

/**
 * A reply spoken on a call: no Markdown marks, and each line a sentence of its own, so a list's
 * items ("Cloud migration", "Data quality") are read with a pause between them, not run together.
 */
export function toPlainText(text: string): string {
  return text
    .replace(/\*\*/g, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .split(/\s*\n+\s*/)
    .filter(Boolean)
    .map(asSentence)
    .join(' ');
}

/** On a voice call, "how long can this call go?" asks of the voice call the visitor is on. */
export function onThisCall(message: string, language: Language): string {
  const phrases = [...(language.data.thisCall ?? []), ...(ENGLISH.data.thisCall ?? [])].map(fold);
  if (!hasAnyPhrase(fold(message), phrases)) return message;
  return message.replace(/\s*([.!?]*)\s*$/, ' (voice)$1');
}
