// What each language's contact-intent rules consist of, and the one way they are written.

/** One language's phrases; messages and patterns are compared without accents, in lower case. */
export interface IntentRules {
  /** Asking to hire, meet, call, get a quote or make contact. */
  intents: RegExp[];
  /**
   * Questions about the service or the product rather than a request for it: an intent phrase
   * inside one does not count ("What's included in the intro call?", "Can your bots book calls?").
   */
  aboutTheService: RegExp[];
  /** Words that turn the intent that follows into its opposite ("I don't want a call"). */
  negation: RegExp;
  /** ... unless they are part of an invitation ("why don't we", "¿por qué no"). */
  notANegation: RegExp;
}

/**
 * Text compared by the rules: straight apostrophes, no accents ("teléfono" and "telefono" alike),
 * ß as ss, single spaces. Case is kept: capitals tell names apart.
 */
export function normalizeText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ');
}

/**
 * A pattern from raw source, so patterns share fragments; `g` for matchAll, `u` for \p{L}.
 * Written with accents for readability: they are dropped like the text's, and a German umlaut
 * also matches its two-letter spelling ("möchte": mochte or moechte).
 */
export function pattern(source: TemplateStringsArray, ...fragments: string[]): RegExp {
  const written = String.raw({ raw: source.raw }, ...fragments);
  const spelled = written.replace(/[äöü]/g, (umlaut) => `(?:${UMLAUT_SPELLINGS[umlaut]})`);
  return new RegExp(normalizeText(spelled), 'gu');
}

const UMLAUT_SPELLINGS: Record<string, string> = { ä: 'a|ae', ö: 'o|oe', ü: 'u|ue' };
