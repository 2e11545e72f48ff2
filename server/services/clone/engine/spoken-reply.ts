import { ENGLISH, fold, hasAnyPhrase, type Language } from './language-data';

// A reply read out on a call: no sentence that points at the screen, no Markdown marks.

/** A spoken reply leaves out the sentences that point at the screen ("the button below the chat"). */
export function withoutScreenReferences(text: string, language: Language): string {
  const screen = [...ENGLISH.screenWords, ...language.screenWords];
  const spoken = text.split(/(?<=[.!?])\s+/).filter((sentence) => !hasAnyPhrase(fold(sentence), screen));
  return spoken.length > 0 ? spoken.join(' ') : text;
}

/** A reply spoken on a call: no Markdown marks. */
export function toPlainText(text: string): string {
  return text
    .replace(/\*\*/g, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\s*\n+\s*/g, ' ')
    .trim();
}

/** On a voice call, "how long can this call go?" asks of the voice call the visitor is on. */
export function onThisCall(message: string, language: Language): string {
  const phrases = [...(language.data.thisCall ?? []), ...(ENGLISH.data.thisCall ?? [])].map(fold);
  if (!hasAnyPhrase(fold(message), phrases)) return message;
  return message.replace(/\s*([.!?]*)\s*$/, ' (voice)$1');
}
