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
    .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/^[ \t]*>[ \t]?/gm, '')
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/[*`]/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, (breaks) => ((breaks.match(/\n/g)?.length ?? 0) > 1 ? '\n\n' : '\n'))
    .trim();
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
