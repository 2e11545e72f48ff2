// The part of a stylesheet a page's first paint needs: every rule but those whose selector names a
// class the page's markup does not use. A page's HTML and this part travel in the first round trip
// of a slow connection; the whole stylesheet loads after the first paint, for what the app shows
// later (dialogs, replies).

/**
 * The stylesheet without the style rules that cannot match `classes` (at-rules left empty by that
 * go too). At-rules that hold no style rules (@property, @keyframes, @font-face) are kept whole, and
 * so is a rule the reading cannot be sure of.
 */
export function criticalCss(css: string, classes: ReadonlySet<string>): string {
  return prune(css.replace(/\/\*[\s\S]*?\*\//g, ''), classes);
}

/** The class names a page's markup uses, in its class attributes. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of list!.split(/\s+/)) if (name) classes.add(decodeEntities(name));
  return classes;
}

const GROUPING_AT_RULES = /^@(media|supports|layer|container)\b/;

function prune(css: string, classes: ReadonlySet<string>): string {
  let kept = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    const semicolon = css.indexOf(';', at);
    if (open === -1) return kept + css.slice(at);
    // A statement at-rule ("@layer theme, base;").
    if (semicolon !== -1 && semicolon < open) {
      kept += css.slice(at, semicolon + 1);
      at = semicolon + 1;
      continue;
    }
    const close = closingBrace(css, open);
    if (close === -1) return kept + css.slice(at);
    const prelude = css.slice(at, open).trim();
    if (GROUPING_AT_RULES.test(prelude)) {
      const inner = prune(css.slice(open + 1, close), classes);
      if (inner.trim()) kept += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@') || selectorListMayMatch(prelude, classes)) {
      kept += css.slice(at, close + 1);
    }
    at = close + 1;
  }
  return kept;
}

/** The index of the brace that closes the one at `open`, past quoted strings; -1 if none. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let at = open; at < css.length; at++) {
    const char = css[at];
    if (char === '\\') at++;
    else if (char === '"' || char === "'") at = css.indexOf(char, at + 1);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at;
    if (at === -1) return -1;
  }
  return -1;
}

/** Whether any selector of a comma-separated list may match. */
function selectorListMayMatch(list: string, classes: ReadonlySet<string>): boolean {
  return splitTopLevel(list).some((selector) => selectorMayMatch(selector, classes));
}

/**
 * Whether a selector may match a page with these classes: every class it names is used, but those
 * inside :not() or :has() (which need no element of their own here), and :is() or :where() may
 * match when one of their selectors may.
 */
function selectorMayMatch(selector: string, classes: ReadonlySet<string>): boolean {
  for (let at = 0; at < selector.length; at++) {
    const char = selector[at]!;
    if (char === '\\') at++;
    else if (char === '[') at = closingOf(selector, at, '[', ']');
    else if (char === '(') {
      const close = closingOf(selector, at, '(', ')');
      const pseudo = /:([\w-]+)$/.exec(selector.slice(0, at))?.[1];
      if (
        (pseudo === 'is' || pseudo === 'where') &&
        !selectorListMayMatch(selector.slice(at + 1, close), classes)
      )
        return false;
      at = close;
    } else if (char === '.') {
      const name = /^(?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+/.exec(selector.slice(at + 1))?.[0] ?? '';
      if (name && !classes.has(unescapeCss(name))) return false;
      at += name.length;
    }
    if (at === -1) return true;
  }
  return true;
}

/** The index of the bracket closing the one at `open`, past escapes; -1 if none. */
function closingOf(text: string, open: number, opening: string, closing: string): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === opening) depth++;
    else if (char === closing && --depth === 0) return at;
  }
  return -1;
}

/** The parts of a list split at commas outside brackets and parentheses. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at < list.length; at++) {
    const char = list[at];
    if (char === '\\') at++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, at));
      start = at + 1;
    }
  }
  return [...parts, list.slice(start)];
}

/** A class name as written in CSS ("sm\:flex", "\32 xl") as the markup writes it. */
function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
  );
}

/** The entities React writes in attribute values, as the characters they stand for. */
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  quot: '"',
  '#x27': "'",
  '#39': "'",
  lt: '<',
  gt: '>',
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, entity: string) => ENTITIES[entity]!);
}
