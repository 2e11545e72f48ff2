// Reads a phrase of the contact-intent grammar (contact-intent-grammar.ts describes it) into nodes.

export type Node =
  | { kind: 'text'; text: string; prefix: boolean; suffix?: boolean }
  | { kind: 'space' }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'optional'; body: Node[] }
  | { kind: 'gap'; min: number; max: number }
  | { kind: 'any' }
  | { kind: 'slot'; name: string }
  | { kind: 'look'; type: '!' | '&' | '<!'; alternatives: Node[][] }
  | { kind: 'anchor'; at: '^' | '$' };

interface Cursor {
  source: string;
  at: number;
}

export function parse(source: string): Node[] {
  const cursor: Cursor = { source, at: 0 };
  const nodes = parseSequence(cursor);
  if (cursor.at < source.length)
    throw new Error(`contact intent: unexpected '${source[cursor.at]}' in ${source}`);
  return nodes;
}

const SPECIAL = new Set([' ', '(', ')', '[', ']', '{', '}', '|', '*', '^', '$']);

function parseSequence(cursor: Cursor): Node[] {
  const nodes: Node[] = [];
  const { source } = cursor;
  while (cursor.at < source.length) {
    const rest = source.slice(cursor.at);
    const char = source[cursor.at]!;
    if (char === ')' || char === ']' || char === '|') break;
    if (char === ' ') {
      if (nodes.at(-1)?.kind !== 'space') nodes.push({ kind: 'space' });
      cursor.at++;
    } else if (char === '(') {
      cursor.at++;
      nodes.push({ kind: 'group', alternatives: parseAlternatives(cursor) });
    } else if (rest.startsWith('!(') || rest.startsWith('&(') || rest.startsWith('<!(')) {
      const type = rest.startsWith('<!') ? '<!' : rest[0] === '!' ? '!' : '&';
      cursor.at += type.length + 1;
      nodes.push({ kind: 'look', type, alternatives: parseAlternatives(cursor) });
    } else if (char === '[') {
      cursor.at++;
      nodes.push({ kind: 'optional', body: parseSequence(cursor) });
      expect(cursor, ']');
    } else if (char === '{') {
      const close = source.indexOf('}', cursor.at);
      if (close === -1) throw new Error(`contact intent: unclosed slot in ${source}`);
      nodes.push({ kind: 'slot', name: source.slice(cursor.at + 1, close) });
      cursor.at = close + 1;
    } else if (char === '*') {
      const gap = /^\*(?:(\d+)-)?(\d+)/.exec(rest);
      const previous = nodes.at(-1);
      if (/^\*\p{L}/u.test(rest)) {
        cursor.at++;
        nodes.push({ kind: 'text', text: readText(cursor), prefix: false, suffix: true });
      } else if (gap) {
        nodes.push({ kind: 'gap', min: Number(gap[1] ?? 0), max: Number(gap[2]) });
        cursor.at += gap[0].length;
      } else if (previous?.kind === 'text') {
        previous.prefix = true;
        cursor.at++;
      } else throw new Error(`contact intent: '*' needs a number or a word before it in ${source}`);
    } else if (rest.startsWith('...')) {
      nodes.push({ kind: 'any' });
      cursor.at += 3;
    } else if (char === '^' || char === '$') {
      nodes.push({ kind: 'anchor', at: char });
      cursor.at++;
    } else nodes.push({ kind: 'text', text: readText(cursor), prefix: false });
  }
  return nodes;
}

function parseAlternatives(cursor: Cursor): Node[][] {
  const alternatives = [parseSequence(cursor)];
  while (cursor.source[cursor.at] === '|') {
    cursor.at++;
    alternatives.push(parseSequence(cursor));
  }
  expect(cursor, ')');
  return alternatives;
}

function readText(cursor: Cursor): string {
  const { source } = cursor;
  const start = cursor.at;
  while (cursor.at < source.length) {
    const rest = source.slice(cursor.at);
    if (SPECIAL.has(source[cursor.at]!) || rest.startsWith('...')) break;
    if (rest.startsWith('!(') || rest.startsWith('&(') || rest.startsWith('<!(')) break;
    cursor.at++;
  }
  return source.slice(start, cursor.at);
}

function expect(cursor: Cursor, char: string): void {
  if (cursor.source[cursor.at] !== char)
    throw new Error(`contact intent: expected '${char}' at ${cursor.at} in ${cursor.source}`);
  cursor.at++;
}
