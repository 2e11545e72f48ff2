// The phrase grammar contact intents are written in (languages/*.json, key contactIntent), and
// its compiler to regular expressions. Phrases are compared with a message folded the same way:
// lower case, no accents, ß as ss, single spaces.
//
//   hire you          words, separated by one space; a phrase matches whole words
//   (hire|engage)     one of the alternatives; an alternative may hold several words or be a slot
//   [really]          optional; written next to a word, a suffix: "contract[s]"
//   {want}            a slot: the language's slot of that name (slots may use other slots);
//                     built in: {name} a word the visitor capitalises (the owner's name),
//                     {ownerName} only a word of the profile's name, {number} 6, 10:30,
//                     {compound} a hyphenated word (fixed-price), {languageName} the name of
//                     a language the clone reads (and Catalan), in the phrase's language
//   *3  *1-4          up to 3 (between 1 and 4) other words
//   hire*  *ar        a word that starts with "hire", that ends with "ar"
//   ...               any text
//   ^  $              the start, the end of the clause
//   !(x)  &(x)        not followed by x, followed by x (after an optional space)
//   <!(x)             not preceded by x (and a space)
// An apostrophe or a hyphen inside a word may be left out ("dont", "email"); ä, ö and ü also
// match their two-letter spellings (möchte: mochte, moechte).

import { parse, type Node } from './contact-intent-phrase';

// Whole words. Messages are compared without accents, so nearly every letter is one \b knows,
// and \b lets the engine skip ahead to a phrase's first word.
const START = String.raw`\b`;
const END = String.raw`\b`;
const WORD = String.raw`[\p{L}-]+`;
const BUILT_IN_SLOTS: Record<string, string> = {
  number: String.raw`\d{1,2}(?:[:.]\d\d)?`,
  compound: String.raw`\p{L}+-\p{L}+`,
};

/** A phrase compiled: its expression, and literals one of which any match holds. */
export interface CompiledPhrase {
  regex: RegExp;
  /** Folded literals a matching text holds one of; undefined when the phrase has no such list. */
  required: string[] | undefined;
}

// Languages a visitor may ask to talk in: "can we talk in Spanish?" asks about the language.
const NAMED_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl', 'ca'];
/**
 * Their names in each language of the data, in NAMED_LANGUAGES' order, as Intl.DisplayNames gives
 * them: written out, since the first Intl object of a process maps about 7 MB of ICU's data in for
 * good (decision 012), and these phrases are compiled at start. Intl names them in any other language.
 */
const LANGUAGE_NAMES: Readonly<Record<string, readonly string[]>> = {
  en: ['English', 'Spanish', 'French', 'German', 'Portuguese', 'Italian', 'Dutch', 'Catalan'],
  es: ['inglés', 'español', 'francés', 'alemán', 'portugués', 'italiano', 'neerlandés', 'catalán'],
  fr: ['anglais', 'espagnol', 'français', 'allemand', 'portugais', 'italien', 'néerlandais', 'catalan'],
  de: [
    'Englisch',
    'Spanisch',
    'Französisch',
    'Deutsch',
    'Portugiesisch',
    'Italienisch',
    'Niederländisch',
    'Katalanisch',
  ],
  pt: ['inglês', 'espanhol', 'francês', 'alemão', 'português', 'italiano', 'holandês', 'catalão'],
  it: ['inglese', 'spagnolo', 'francese', 'tedesco', 'portoghese', 'italiano', 'olandese', 'catalano'],
  nl: ['Engels', 'Spaans', 'Frans', 'Duits', 'Portugees', 'Italiaans', 'Nederlands', 'Catalaans'],
};

export function languageNames(code: string): readonly string[] {
  const written = LANGUAGE_NAMES[code];
  if (written) return written;
  const names = new Intl.DisplayNames([code], { type: 'language' });
  return NAMED_LANGUAGES.map((language) => names.of(language) ?? language);
}

/** Compiles phrases written in the grammar, with one language's slots. */
export class PhraseCompiler {
  private readonly slots: ReadonlyMap<string, Node[]>;
  private readonly languageNames: string;
  /** Groups that capture a name are numbered: a phrase may name the owner twice. */
  private nameGroups = 0;
  /**
   * Each slot's expression and required literals, made once: a slot is used by many phrases, and
   * expanding it again for each left megabytes of garbage on the heap of a server just started. A
   * slot that captures a name is expanded each time (its groups are numbered by phrase).
   */
  private readonly slotSources = new Map<string, string>();
  private readonly slotRequired = new Map<string, string[] | undefined>();

  /** `code`: the phrases' language, for the names of languages in it. */
  constructor(slots: Record<string, string> = {}, code = 'en') {
    this.slots = new Map(Object.entries(slots).map(([name, source]) => [name, parse(source)]));
    this.languageNames = `(?:${languageNames(code)
      .map((name) => literal(name, false))
      .join('|')})`;
  }

  compile(phrase: string, flags = 'gu'): CompiledPhrase {
    const nodes = parse(phrase);
    this.nameGroups = 0;
    const regex = new RegExp(this.phrase(nodes), flags);
    return { regex, required: this.required(nodes, []) };
  }

  /** Several phrases as one expression that tells whether any of them occurs. */
  compileAny(phrases: readonly string[]): RegExp {
    const source = phrases.map((phrase) => this.phrase(parse(phrase))).join('|');
    return new RegExp(source.replace(/\(\?<(?:ownerName|name)\d+>/g, '(?:'), 'u');
  }

  /** A whole phrase: whole words at its ends, unless an anchor or any text stands there. */
  private phrase(nodes: readonly Node[]): string {
    const words = nodes.filter((node) => node.kind !== 'space');
    const isOpen = (node: Node | undefined) => node?.kind === 'anchor' || node?.kind === 'any';
    const start = isOpen(words[0]) ? '' : START;
    const end = isOpen(words.at(-1)) ? '' : END;
    return `${start}(?:${this.sequence(nodes, [])})${end}`;
  }

  private sequence(nodes: readonly Node[], stack: string[]): string {
    let out = '';
    let space = false;
    let atStart = true;
    let skipSpace = false;
    nodes.forEach((node, index) => {
      if (node.kind === 'space') {
        if (!skipSpace) space = true;
        skipSpace = false;
        return;
      }
      skipSpace = false;
      // Zero-width: a lookahead or the end binds to what comes before, before any space.
      if (node.kind === 'look' && node.type !== '<!') {
        out += this.element(node, stack);
        skipSpace = atStart;
        return;
      }
      if (node.kind === 'anchor' && node.at === '$') {
        out += ' ?$';
        space = false;
        return;
      }
      // ... a lookbehind or the start to what comes after, after the space.
      if ((node.kind === 'look' && node.type === '<!') || node.kind === 'anchor') {
        out += (space ? ' ' : '') + this.element(node, stack);
        space = false;
        skipSpace = atStart;
        return;
      }
      const body = this.element(node, stack);
      if (node.kind === 'optional' || node.kind === 'gap') {
        const repeat = node.kind === 'gap' ? `{${node.min},${node.max}}?` : '?';
        // An optional part takes the space before it; at the start, the space after it.
        if (space) out += `(?: ${body})${repeat}`;
        else if (atStart && nodes[index + 1]?.kind === 'space') {
          out += `(?:${body} )${repeat}`;
          skipSpace = true;
          return;
        } else out += `(?:${body})${repeat}`;
      } else if (node.kind === 'any') {
        out += `${out === '' ? '' : END}.*${index < nodes.length - 1 ? START : ''}`;
        skipSpace = true;
      } else out += (space ? ' ' : '') + body;
      space = false;
      atStart = false;
    });
    // A space written last belongs to the phrase ("(nous |s')appeler").
    return out + (space && nodes.at(-1)?.kind === 'space' ? ' ' : '');
  }

  private element(node: Node, stack: string[]): string {
    switch (node.kind) {
      case 'text':
        return (node.suffix ? WORD.replace('+', '*') : '') + literal(node.text, node.prefix);
      case 'group':
        return this.alternatives(node.alternatives, stack);
      case 'optional':
        return this.sequence(node.body, stack);
      case 'gap':
        return WORD;
      case 'slot':
        return this.slot(node.name, stack);
      case 'look': {
        const inner = this.alternatives(node.alternatives, stack);
        if (node.type === '<!') return `(?<!${START}${inner} ?)`;
        return `(?${node.type === '!' ? '!' : '='} ?${inner}${END})`;
      }
      case 'anchor':
        return node.at === '^' ? '^' : ' ?$';
      default:
        return '';
    }
  }

  private alternatives(alternatives: Node[][], stack: string[]): string {
    return `(?:${alternatives.map((nodes) => this.sequence(nodes, stack)).join('|')})`;
  }

  private slot(name: string, stack: string[]): string {
    if (name === 'name' || name === 'ownerName')
      return `(?<${name}${this.nameGroups++}>${String.raw`\p{L}[\p{L}-]*`})`;
    if (name === 'languageName') return this.languageNames;
    const builtIn = BUILT_IN_SLOTS[name];
    if (builtIn !== undefined) return `(?:${builtIn})`;
    const made = this.slotSources.get(name);
    if (made !== undefined) return made;
    const nodes = this.slots.get(name);
    if (!nodes) throw new Error(`contact intent: unknown slot {${name}}`);
    if (stack.includes(name)) throw new Error(`contact intent: slot {${name}} uses itself`);
    const groups = this.nameGroups;
    const source = `(?:${this.sequence(nodes, [...stack, name])})`;
    if (this.nameGroups === groups) this.slotSources.set(name, source);
    return source;
  }

  /** Literals one of which every match holds: the most selective such list of the sequence. */
  private required(nodes: readonly Node[], stack: string[]): string[] | undefined {
    let best: string[] | undefined;
    for (const node of nodes) {
      const found = this.requiredOf(node, stack);
      if (found && (!best || shortest(found) > shortest(best))) best = found;
    }
    return best;
  }

  private requiredOf(node: Node, stack: string[]): string[] | undefined {
    if (node.kind === 'text') {
      const pieces = fold(node.text).split(/['\-äöü]/);
      const piece = pieces.reduce((a, b) => (b.length > a.length ? b : a), '');
      return piece.length >= 2 ? [piece] : undefined;
    }
    if (node.kind === 'slot') {
      if (this.slotRequired.has(node.name)) return this.slotRequired.get(node.name);
      const nodes = this.slots.get(node.name);
      if (!nodes || stack.includes(node.name)) return undefined;
      const required = this.required(nodes, [...stack, node.name]);
      this.slotRequired.set(node.name, required);
      return required;
    }
    if (node.kind !== 'group') return undefined;
    const lists = node.alternatives.map((nodes) => this.required(nodes, stack));
    return lists.every((list) => list !== undefined) ? [...new Set(lists.flat())] : undefined;
  }
}

function shortest(list: string[]): number {
  return Math.min(...list.map((item) => item.length));
}

/** Lower case without accents, ß as ss; German umlauts kept, for their two spellings. */
function fold(text: string): string {
  // Plain ASCII has nothing to fold but its case.
  if (!/[^ -~]/.test(text)) return text.toLowerCase();
  return Array.from(text.normalize('NFC').toLowerCase(), (char) =>
    'äöü'.includes(char) ? char : char.normalize('NFD').replace(/\p{M}/gu, ''),
  )
    .join('')
    .replace(/ß/g, 'ss');
}

const UMLAUT_SPELLINGS: Record<string, string> = { ä: '(?:a|ae)', ö: '(?:o|oe)', ü: '(?:u|ue)' };

function literal(text: string, prefix: boolean): string {
  const chars = Array.from(fold(text));
  const out = chars.map((char, index) => {
    const umlaut = UMLAUT_SPELLINGS[char];
    if (umlaut) return umlaut;
    if ((char === "'" || char === '-') && index > 0 && index < chars.length - 1) return `${char}?`;
    return char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  });
  return out.join('') + (prefix ? WORD.replace('+', '*') : '');
}
