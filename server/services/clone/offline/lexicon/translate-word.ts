// One visitor word in Spanish, German or French read through the lexicon: as written, by its
// stem ("certifica*"), without a plural or inflection ending ("herramientas" -> "herramienta"),
// and in German through the words a compound is made of ("Vektordatenbanken" -> "Vektor" +
// "Datenbank").

export type ForeignLanguage = 'es' | 'de' | 'fr';

export interface CompiledLexicon {
  exact: Map<string, string>;
  /** Stems of "*" entries, longest first, so "softwareentwickl*" wins over "software*". */
  stems: Array<[string, string]>;
}

/** Folds accents and case: "Cuántos" -> "cuantos", "verfügbar" -> "verfugbar", "groß" -> "gross". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase();
}

/** German written without umlauts ("Grösse" as "Groesse", "prüfen" as "pruefen") meets the folded form. */
export function foldGerman(word: string): string {
  return word.replace(/(?<=[a-z])(a|o|u)e/g, '$1');
}

export function compileLexicon(entries: Record<string, string>, language: ForeignLanguage): CompiledLexicon {
  const fold = (key: string) => (language === 'de' ? foldGerman(key) : key);
  const exact = new Map<string, string>();
  const stems: Array<[string, string]> = [];
  for (const [key, english] of Object.entries(entries)) {
    if (key.includes(' ')) continue;
    if (key.endsWith('*')) stems.push([fold(key.slice(0, -1)), english]);
    else exact.set(fold(key), english);
  }
  stems.sort((a, b) => b[0].length - a[0].length);
  return { exact, stems };
}

// Endings a word may carry beyond the form the lexicon lists: plurals, gender, German cases.
const ENDINGS: Record<ForeignLanguage, string[]> = {
  es: ['es', 's'],
  fr: ['es', 'ent', 's', 'x', 'e'],
  de: ['ern', 'en', 'em', 'er', 'es', 'e', 'n', 's'],
};

/** A word read as written, by stem, or without an ending. */
function lookUp(word: string, lexicon: CompiledLexicon, language: ForeignLanguage): string | undefined {
  const exact = lexicon.exact.get(word);
  if (exact !== undefined) return exact;
  for (const [stem, english] of lexicon.stems) if (word.startsWith(stem)) return english;
  for (const ending of ENDINGS[language]) {
    if (word.length - ending.length < 4 || !word.endsWith(ending)) continue;
    const base = lexicon.exact.get(word.slice(0, -ending.length));
    if (base !== undefined) return base;
  }
  return undefined;
}

/**
 * Whether a word is evidence of the language: the lexicon knows it as written or by stem, and it
 * is not the English word itself ("mainframe", "migration", "support" are English too). Compounds
 * do not count: any long English word splits into something.
 */
export function isForeignWord(word: string, lexicon: CompiledLexicon, language: ForeignLanguage): boolean {
  const english = lookUp(language === 'de' ? foldGerman(word) : word, lexicon, language);
  if (!english) return false;
  const bare = (term: string) => term.replace(/s$/, '');
  return !english.split(/\s+/).some((term) => bare(term) === bare(word));
}

/** The lexicon's English for one word (accents folded, lower case), if it has any. */
export function translateWord(
  word: string,
  lexicon: CompiledLexicon,
  language: ForeignLanguage,
): string | undefined {
  const form = language === 'de' ? foldGerman(word) : word;
  const direct = lookUp(form, lexicon, language);
  if (language !== 'de' || form.length < 8) return direct;
  // A stem that leaves a long tail ("projekt*" in "Projektleiter") may be a compound's first part.
  const stem = lexicon.stems.find(([entry]) => form.startsWith(entry))?.[0];
  if (direct !== undefined && (lexicon.exact.has(form) || !stem || form.length - stem.length <= 4)) {
    return direct;
  }
  const parts = splitCompound(form, lexicon);
  return parts && parts.length > 1 ? parts.join(' ') : direct;
}

// Letters German puts between the parts of a compound ("Arbeit-s-zeit", "Kunde-n-daten").
const LINKS = ['s', 'es', 'n', 'en', 'e', 'er'];
const MIN_PART = 3;

interface Split {
  /** Parts, unknown letters and links: fewer is a better reading. */
  cost: number;
  english: string[];
}

/**
 * A German compound read through the lexicon's words inside it, head last: every letter must
 * belong to a known part (a stem may carry up to three letters of ending), with linking letters
 * between parts. Unknown leading letters ("Fintech", "Vektor") are allowed when what follows
 * is known. The English of each part, in order; undefined when the word does not split.
 */
export function splitCompound(word: string, lexicon: CompiledLexicon): string[] | undefined {
  const best: Array<Split | undefined> = Array.from({ length: word.length + 1 }, () => undefined);
  best[0] = { cost: 0, english: [] };
  const consider = (at: number, split: Split) => {
    const current = best[at];
    if (!current || split.cost < current.cost) best[at] = split;
  };
  for (let start = 0; start < word.length; start++) {
    const from = best[start];
    if (!from) continue;
    for (const [end, english] of partsAt(word, start, lexicon)) {
      consider(end, { cost: from.cost + 1, english: [...from.english, english] });
      for (const link of LINKS) {
        if (word.startsWith(link, end) && end + link.length <= word.length)
          consider(end + link.length, { cost: from.cost + 1.5, english: [...from.english, english] });
      }
    }
    // Unknown leading letters, read as they are (a cognate such as "fintech").
    if (start === 0) {
      for (let end = MIN_PART + 1; end <= word.length - MIN_PART - 1; end++) {
        consider(end, { cost: 3, english: [word.slice(0, end)] });
      }
    }
  }
  const whole = best[word.length];
  return whole && whole.english.length > 1 ? whole.english : undefined;
}

/** The known words starting at a position: where each ends and its English. */
function partsAt(word: string, start: number, lexicon: CompiledLexicon): Array<[number, string]> {
  const found: Array<[number, string]> = [];
  for (let end = start + MIN_PART; end <= word.length; end++) {
    const english = lexicon.exact.get(word.slice(start, end));
    if (english) found.push([end, english]);
  }
  for (const [stem, english] of lexicon.stems) {
    if (stem.length < MIN_PART || !english || !word.startsWith(stem, start)) continue;
    const end = start + stem.length;
    for (let tail = 0; tail <= 3 && end + tail <= word.length; tail++) found.push([end + tail, english]);
  }
  return found;
}
