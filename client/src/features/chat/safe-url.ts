const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The href a link in a reply may carry: absolute http, https and mailto addresses only. Anything
 * else (javascript:, data:, relative paths, garbage) gives '' and the link renders as plain text.
 */
export function toSafeHref(url: string): string {
  try {
    return SAFE_PROTOCOLS.has(new URL(url).protocol) ? url : '';
  } catch {
    return '';
  }
}

/** The reply's words without Markdown punctuation, for the screen-reader announcement. */
export function toPlainText(markdown: string): string {
  return markdown
    .replace(/```[^\n]*\n?/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
