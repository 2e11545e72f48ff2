import { z } from 'zod';

// Every text field the API takes is built here, so one rule covers names, e-mails, messages and
// transcripts alike: PostgreSQL cannot store NUL in text (the insert fails), and an unpaired
// UTF-16 surrogate is not a character at all (drivers silently turn it into U+FFFD).

const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE =
  'The text contains characters that cannot be stored (a NUL character or a broken character).';

/** Whether a database text column stores this string exactly as given. */
export function isStorableText(value: string): boolean {
  return !value.includes(NUL) && !LONE_SURROGATE.test(value);
}

/** `z.string(params)` that refuses NUL and unpaired surrogates; chain `.trim()`, `.max()` as usual. */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}
