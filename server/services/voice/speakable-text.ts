/**
 * Plain sentences from a chat reply, for speech synthesis: Markdown marks, link targets, code
 * fences and list bullets are dropped, so the voice does not read out "asterisk" or URLs.
 */
export function toSpeakableText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(.*?)[ \t]*$/gm, (_item, text: string) => asSentence(text))
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/[*`]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, (breaks) => ((breaks.match(/\n/g)?.length ?? 0) > 1 ? '\n\n' : '\n'))
    .trim();
}

/**
 * A line that ends without a stop ends with one: a list's items ("RAG assistants", "Agents") are
 * read with a pause between them, not run together.
 */
export function asSentence(line: string): string {
  return /[.!?:;,]\**$/.test(line) ? line : `${line}.`;
}

const CURRENCY_NAMES: Record<string, string> = { $: 'dollars', '€': 'euros', '£': 'pounds' };
const MAGNITUDES: Record<string, string> = { k: 'thousand', m: 'million', b: 'billion' };
const AMOUNT = String.raw`(\d(?:[\d,]*\d)?(?:\.\d+)?)(?:\s?([kKmMbB])\b)?`;
const RANGE_DASH = String.raw`\s?(?:-|\u2013|\u2014|to)\s?`;
const PER_UNIT = String.raw`(?:\s?(?:\/|per\s|a\s|an\s)\s?(hour|hr|day|week|month|mo|year|yr)\b)?`;
const UNIT_NAMES: Record<string, string> = { hr: 'hour', mo: 'month', yr: 'year' };
// "$25,000-$60,000 per month": the currency, an amount, an optional second amount, an optional unit.
const MONEY = new RegExp(
  String.raw`([$\u20ac\u00a3])${AMOUNT}(?:${RANGE_DASH}[$\u20ac\u00a3]?${AMOUNT})?${PER_UNIT}`,
  'g',
);

/** "25 thousand to 60 thousand dollars" style wording, but the magnitude said once when shared. */
function sayMoney(
  symbol: string,
  from: string,
  fromMagnitude: string | undefined,
  to: string | undefined,
  toMagnitude: string | undefined,
  unit: string | undefined,
): string {
  const magnitude = (letter: string | undefined) => (letter ? ` ${MAGNITUDES[letter.toLowerCase()]}` : '');
  const sameMagnitude = fromMagnitude?.toLowerCase() === toMagnitude?.toLowerCase();
  const amount =
    to === undefined
      ? `${from}${magnitude(fromMagnitude)}`
      : `${from}${sameMagnitude ? '' : magnitude(fromMagnitude)} to ${to}${magnitude(toMagnitude)}`;
  const per = unit ? (UNIT_NAMES[unit] ?? unit) : undefined;
  const perPhrase = per ? ` ${per === 'hour' ? 'an' : 'a'} ${per}` : '';
  return `${amount} ${CURRENCY_NAMES[symbol] ?? ''}${perPhrase}`;
}

/**
 * Text as a person says it on a call: Markdown dropped (toSpeakableText), prices and numbers in
 * spoken form ("$25,000-$60,000" is "25,000 to 60,000 dollars", "15%" is "15 percent", "2-3 weeks"
 * is "2 to 3 weeks"), abbreviations spelled out, and what only a screen has (the "Schedule call"
 * button below the chat) replaced by what a caller can use. Used for the voice clone's knowledge,
 * its prompt and each spoken reply.
 */
export function toSpokenText(markdown: string): string {
  return (
    toSpeakableText(markdown)
      // On-screen references: a caller sees no button and no chat.
      .replace(
        /\b(?:the\s+)?["\u201c]?schedule\s+call["\u201d]?\s+button(?:\s+(?:below|under|beneath|next to)\s+(?:the|this)\s+chat)?/gi,
        'the booking form on my website',
      )
      .replace(
        MONEY,
        (
          _match,
          symbol: string,
          from: string,
          fromMag?: string,
          to?: string,
          toMag?: string,
          unit?: string,
        ) => sayMoney(symbol, from, fromMag, to, toMag, unit),
      )
      .replace(/(\d+(?:\.\d+)?)\s?%/g, '$1 percent')
      // Clock times on the hour: "9:00-12:00" is "9 to 12".
      .replace(/\b(\d{1,2}):00\b/g, '$1')
      // Number ranges, but not dates or phone numbers ("2024-05-01", "555-0100-12").
      .replace(/(?<![\d-])(\d+(?:[.,]\d+)?)\s?[-\u2013\u2014]\s?(\d+(?:[.,]\d+)?)(?![\d-])/g, '$1 to $2')
      .replace(/\bp(50)\b/gi, 'median')
      .replace(/\bp(\d{2})\b/gi, '$1th percentile')
      .replace(/(^|\s)[~\u2248]\s?(?=\d)/g, '$1about ')
      .replace(/(\d(?:[\d,]*\d)?)\+(?=\s|$|[.,;:!?])/g, 'more than $1')
      .replace(/\b(AM|PM)\s?[-\u2013\u2014]\s?(?=\d)/g, '$1 to ')
      .replace(/\b(\d+(?:\.\d+)?)x\b/g, '$1 times')
      .replace(/\b24\/7\b/g, 'around the clock')
      .replace(/\be\.g\.(?:,)?/gi, 'for example')
      .replace(/\bi\.e\.(?:,)?/gi, 'that is')
      .replace(/\betc\./gi, 'and so on')
      .replace(/\bvs\.?(?=\s)/gi, 'versus')
      .replace(/\s&\s/g, ' and ')
      .replace(/[ \t]+/g, ' ')
      .trim()
  );
}

/** At most `maxChars`, cut after the last whole sentence (or word) that fits. */
export function limitSpokenLength(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = text.slice(0, maxChars);
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
    head.lastIndexOf('.\n'),
  );
  if (sentenceEnd > maxChars / 3) return head.slice(0, sentenceEnd + 1).trim();
  const wordEnd = /\s/.test(text[maxChars] ?? '') ? maxChars : head.lastIndexOf(' ');
  return `${head.slice(0, wordEnd > 0 ? wordEnd : maxChars).trim()}…`;
}
