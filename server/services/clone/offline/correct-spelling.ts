import type { KnowledgeIndex } from '../knowledge-index';
import { isStopWord, meaningfulTerms, stemTerm } from '../text-terms';
import { relatedVocabulary, wordsOf } from '../related-terms';
import { isCommonEnglishWord } from './english-words';
import { SHORTHAND } from './shorthand';
import { PHRASES } from './visitor-phrases';

// Visitors type fast: "availabilty", "kubernets", "hosptial", "abut". A word neither the content
// nor everyday English (the stop words) knows, one typing slip away from one that is known, is read
// as that word before the question is searched, so it weighs as the word meant rather than as a
// topic the content lacks. Only the owner's vocabulary is a target, so a real word the content
// never uses ("football", "kids") stays what it is and still leads to an honest "I don't know".

interface Speller {
  /** Words known as written: the content's, the shorthand's and the phrase tables'. */
  known: ReadonlySet<string>;
  /** Stemmed terms of the content: "freelancing" is known through "freelanc". */
  stems: ReadonlySet<string>;
  /** First words of the content's hyphenated terms: "full" of "full-time". */
  compoundHeads: ReadonlySet<string>;
  /** Correction targets by length, with how often the content uses each. */
  byLength: Map<number, Array<[string, number]>>;
}

const spellers = new WeakMap<KnowledgeIndex, Speller>();

function spellerFor(index: KnowledgeIndex): Speller {
  const cached = spellers.get(index);
  if (cached) return cached;
  const counts = new Map<string, number>();
  const texts = index.units.units.map((unit) => `${unit.text} ${unit.passage.title}`);
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[a-z][a-z']*[a-z]/g) ?? [])
      counts.set(word, (counts.get(word) ?? 0) + 1);
  const stems = new Set(texts.flatMap((text) => meaningfulTerms(text)));
  const byLength = new Map<number, Array<[string, number]>>();
  for (const entry of counts) {
    const list = byLength.get(entry[0].length) ?? [];
    list.push(entry);
    byLength.set(entry[0].length, list);
  }
  // A content word's "-ing" form is a target too: "hikng" is "hiking" when the content says "hike".
  for (const [word, count] of [...counts]) {
    if (word.length < 4 || /(ing|ed|s)$/.test(word)) continue;
    const gerund = word.endsWith('e') && !word.endsWith('ee') ? `${word.slice(0, -1)}ing` : `${word}ing`;
    if (counts.has(gerund)) continue;
    const list = byLength.get(gerund.length) ?? [];
    list.push([gerund, count]);
    byLength.set(gerund.length, list);
  }
  // The words the phrase tables understand are targets too ("colege" is "college"), as rare as any.
  for (const word of new Set(PHRASES.flatMap(([pattern]) => wordsOf(pattern.source)))) {
    if (counts.has(word) || word.length < 5) continue;
    const list = byLength.get(word.length) ?? [];
    list.push([word, 0]);
    byLength.set(word.length, list);
  }
  // Everyday words are targets too ("abut" is "about", "lik" is "like"), as common as any.
  for (const word of STOP_TARGETS) {
    if (counts.has(word)) continue;
    const list = byLength.get(word.length) ?? [];
    list.push([word, 1000]);
    byLength.set(word.length, list);
  }
  // The words the clone's phrase tables understand ("charge", "teach") are known, not typos.
  const known = new Set([
    ...counts.keys(),
    ...Object.keys(SHORTHAND),
    ...PHRASES.flatMap(([pattern]) => wordsOf(pattern.source)),
    ...relatedVocabulary(),
  ]);
  const compoundHeads = new Set(
    [...stems].filter((term) => term.includes('-')).map((term) => term.split('-')[0]!),
  );
  const speller = { known, stems, compoundHeads, byLength };
  spellers.set(index, speller);
  return speller;
}

const STOP_TARGETS = `about like does take have your what which where when would could should there
their these those other really doing being make give know many much tell with from after before
right while ever every week stuff`.split(/\s+/);

/** The message with each misspelled word of an English question read as the word it most likely is. */
export function correctSpelling(text: string, index: KnowledgeIndex): string {
  const speller = spellerFor(index);
  // "Azure-certified": a compound the content never writes is read as its two words.
  const apart = text.replace(
    /(?<=^|[^\p{L}-])(\p{L}{2,})-(\p{L}{3,})(?=$|[^\p{L}-])/gu,
    (whole, first: string, second: string) => {
      const lower = whole.toLowerCase();
      // "full-timer" is near the content's "full-time": kept for the search to match it.
      const isNearKnown = speller.compoundHeads.has(first.toLowerCase());
      return speller.known.has(lower) || speller.stems.has(stemTerm(lower)) || isNearKnown
        ? whole
        : `${first} ${second}`;
    },
  );
  return apart.replace(
    /(^|[^\p{L}'-])([\p{L}][\p{L}']*)/gu,
    (whole, before: string, word: string, offset: number) => {
      // A capital inside a sentence marks a name ("LinkedIn", "SAP"): names are not corrected.
      const atStart = /^\s*$|[.!?]\s*$/.test(text.slice(0, offset + before.length));
      if (/\p{Lu}/u.test(atStart ? word.slice(1) : word)) return whole;
      const corrected = correctWord(word.toLowerCase(), speller);
      return corrected ? `${before}${corrected}` : whole;
    },
  );
}

function correctWord(word: string, { known, stems, byLength }: Speller): string | undefined {
  if (word.length < 3 || !/^[a-z]+$/.test(word)) return undefined;
  if (known.has(word) || isStopWord(word) || stems.has(stemTerm(word)) || isStopWord(stemTerm(word)))
    return undefined;
  if (isFormOfKnown(word, known) || isCommonEnglishWord(word)) return undefined;
  // "takin", "lookin": the "g" dropped as it is said.
  const withG = `${word}g`;
  if (word.endsWith('in') && (known.has(withG) || isFormOfKnown(withG, known))) return withG;
  // Short words allow only a letter left out or two swapped ("kids" must not become "kind", nor
  // "movie" "move"), three-letter ones only an everyday word ("car" is not "card"), and an
  // everyday word is reached only by a letter left out ("abut": "form" is not "from").
  const maxEdits = word.length >= 9 ? 2 : 1;
  let best: { word: string; edits: number; count: number; likeliness: number } | undefined;
  for (let length = word.length - maxEdits; length <= word.length + maxEdits; length++) {
    for (const [candidate, count] of byLength.get(length) ?? []) {
      if (candidate.length < 3) continue;
      // Typos rarely hit the first letter (unless two letters are swapped).
      if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
      const edits = editDistance(word, candidate, maxEdits);
      if (edits > maxEdits) continue;
      if (word.length === 3 && !STOP_TARGETS.includes(candidate)) continue;
      const isDoubled = isDoubledLetter(word, candidate);
      const isAddedOrSwapped = isInsertionOrSwap(word, candidate);
      // ... or one vowel typed for another, as it sounds ("yeers", "tiem" is not).
      const isVowelSlip = word.length >= 4 && isVowelForVowel(word, candidate);
      if (word.length <= 5 && !isAddedOrSwapped && !isDoubled && !isVowelSlip) continue;
      const isSwap = candidate.length === word.length && isAddedOrSwapped;
      if (isStopWord(candidate) && candidate.length !== word.length + 1 && !isDoubled && !isSwap) continue;
      // A word that is another with letters added at its end is its own word ("driven"); one
      // letter short of a known word is that word with its last letter dropped ("degre", "azur").
      const isCutShort = candidate.length === word.length + 1 && candidate.startsWith(word);
      if (word.length >= 4 && !isCutShort && (candidate.startsWith(word) || word.startsWith(candidate)))
        continue;
      // Of equally near words, one with a letter left out or two swapped is the likelier slip.
      const likeliness = isAddedOrSwapped ? 1 : 0;
      if (
        !best ||
        edits < best.edits ||
        (edits === best.edits &&
          (likeliness > best.likeliness || (likeliness === best.likeliness && count > best.count)))
      )
        best = { word: candidate, edits, count, likeliness };
    }
  }
  return best?.word;
}

/** "taking", "took", "makes": an inflection of an everyday or known word is no slip ("taking" is not "talking"). */
function isFormOfKnown(word: string, known: ReadonlySet<string>): boolean {
  const base = word.replace(/(ing|ed|es|s)$/, '');
  if (base === word || base.length < 3) return false;
  const isKnown = (form: string) => known.has(form) || isStopWord(form) || STOP_TARGETS.includes(form);
  return [base, `${base}e`, base.slice(0, -1)].some(
    (form) => form.length >= 2 && isKnown(form) && (form !== base.slice(0, -1) || /(.)\1$/.test(base)),
  );
}

/** Whether `word` is `candidate` with one vowel typed for another ("yeers" for "years"). */
function isVowelForVowel(word: string, candidate: string): boolean {
  if (word.length !== candidate.length) return false;
  const differ = [...word].flatMap((letter, i) => (letter !== candidate[i] ? [i] : []));
  return differ.length === 1 && [word, candidate].every((w) => /[aeiou]/.test(w[differ[0]!]!));
}

/** Whether `word` is `candidate` with one of its letters typed twice ("manny"). */
function isDoubledLetter(word: string, candidate: string): boolean {
  if (word.length !== candidate.length + 1) return false;
  for (let i = 1; i < word.length; i++)
    if (word[i] === word[i - 1] && word.slice(0, i) + word.slice(i + 1) === candidate) return true;
  return false;
}

/** Whether `candidate` is `word` with one letter added or two neighbouring letters swapped. */
function isInsertionOrSwap(word: string, candidate: string): boolean {
  if (candidate.length === word.length + 1) {
    for (let i = 0; i < candidate.length; i++)
      if (candidate.slice(0, i) + candidate.slice(i + 1) === word) return true;
    return false;
  }
  if (candidate.length !== word.length) return false;
  const differ = [...word].flatMap((letter, i) => (letter !== candidate[i] ? [i] : []));
  return (
    differ.length === 2 &&
    differ[1] === differ[0]! + 1 &&
    word[differ[0]!] === candidate[differ[1]!] &&
    word[differ[1]!] === candidate[differ[0]!]
  );
}

/** Edits (insert, delete, change, swap of neighbours) between two words, stopping past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
    }
    if (Math.min(...row) > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
