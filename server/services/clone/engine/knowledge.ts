import MiniSearch from 'minisearch';
import type { OwnerContent } from '../../content/load-content';
import { isCaseStudy, profilePassages, splitSections, type Passage } from '../passage';
import { countsOf, INDEFINITE_ARTICLES, typesOf, type AnswerType } from './answer-types';
import { ENGLISH, fold, hasAnyPhrase, hasPhrase, LANGUAGES } from './language-data';
import { headOfCompound, splitWords, termsAfter, termsOf, toTerm } from './terms';

/** One sentence or list item of a section, the smallest thing a reply quotes. */
export interface Sentence {
  passage: Passage;
  order: number;
  /** Markdown kept; a list item without its bullet. */
  text: string;
  isListItem: boolean;
  terms: ReadonlySet<string>;
  /** Terms said as the owner's own ("my company", "our team"). */
  ownerTerms: ReadonlySet<string>;
  /** The kinds of fact it states (an amount, a name…), for questions that ask for one. */
  types: ReadonlySet<AnswerType>;
  /** It points at the screen ("the button below the chat"): no use on a call. */
  isScreenOnly: boolean;
  /** The terms of its bold name ("**Startup data stack:** …"), when the name has two or more. */
  nameTerms: readonly string[];
  /** The term of its bold label of one word ("**Stack:** …"): the field of a record it is. */
  labelTerms: ReadonlySet<string>;
  /** What it counts ("years" in "20 years of experience"), for "how many…" questions. */
  counts: ReadonlySet<string>;
}

/** A section of the owner's content with what the engine knows of it. */
export interface Section {
  passage: Passage;
  sentences: Sentence[];
  /** Questions the owner said it answers (content/vocabulary.json), and an FAQ heading. */
  examples: string[];
  titleTerms: ReadonlySet<string>;
  exampleTerms: Array<ReadonlySet<string>>;
  isCaseStudy: boolean;
  /** A case study's client as its title describes it without a name ("a regional bank"). */
  unnamedTerms: ReadonlySet<string>;
  /** An FAQ entry: its heading is a question. */
  isQuestion: boolean;
}

export interface Knowledge {
  ownerName: string;
  sections: Section[];
  sectionById: ReadonlyMap<string, Section>;
  search: MiniSearch<{ id: string; title: string; text: string; examples: string }>;
  /** How much a term tells sections apart: rare terms weigh more, terms the content lacks most. */
  weightOf(term: string): number;
  isKnown(term: string): boolean;
  /** Every word the content uses, as written (folded): what a misspelling is read against. */
  words: ReadonlySet<string>;
  /** A term of median spread, the weight of an everyday word the content lacks. */
  commonTerm: string;
  /** Owner's synonym groups (content/vocabulary.json), as folded phrases. */
  synonyms: string[][];
  /** A term and the content's names built on it ("search": a "...search" product; see headOfCompound). */
  compoundsOf: ReadonlyMap<string, string[]>;
  /** Every term a sentence counts ("year", "employe"). */
  counted: ReadonlySet<string>;
  /**
   * A term the content only ever says beside one other ("master" of "master services agreement",
   * "studi" of "case studies"), with that term: said without it, a question means another sense.
   */
  boundTo: ReadonlyMap<string, string>;
}

export const SENTENCE_END = /(?<=[.!?])\s+(?=["(*]?[\p{Lu}\d$\u20ac\u00a3])/u;

// Content is loaded once and never changes while it is served (the desk's answers make a new
// content object): the offline clone and the model path's retrieval share one index for it.
const built = new WeakMap<OwnerContent, Knowledge>();

/** The engine's index of `content`, built once. */
export function knowledgeOf(content: OwnerContent): Knowledge {
  if (!built.has(content)) built.set(content, buildKnowledge(content));
  return built.get(content)!;
}

/** Builds the engine's index over everything the owner wrote, plus the site's own document. */
export function buildKnowledge(content: OwnerContent): Knowledge {
  const passages = [
    ...content.knowledge.flatMap((document) => splitSections(document.file, document.body)),
    ...profilePassages(content.profile),
  ];
  const examples = content.vocabulary?.examples ?? {};
  const sections = passages.map((passage): Section => {
    const isQuestion = passage.title.trim().endsWith('?');
    const profileKey = passage.source === 'profile.json' ? passage.id.split('#')[1] : undefined;
    const asked = [
      ...(isQuestion ? [passage.title] : []),
      ...(examples[passage.title] ?? []),
      ...(profileKey ? (ENGLISH.data.profileExamples?.[profileKey] ?? []) : []),
    ];
    return {
      passage,
      sentences: splitSentences(passage),
      examples: asked,
      titleTerms: new Set(termsOf(passage.title)),
      exampleTerms: asked.map((example) => new Set(termsOf(example))),
      isCaseStudy: isCaseStudy(passage),
      unnamedTerms: new Set(isCaseStudy(passage) ? termsOf(unnamedParty(passage.title)) : []),
      isQuestion,
    };
  });
  const search = new MiniSearch<{ id: string; title: string; text: string; examples: string }>({
    fields: ['title', 'text', 'examples'],
    tokenize: (text) => splitWords(text),
    processTerm: (word) => toTerm(word),
    searchOptions: { tokenize: (query) => query.split(' ').filter(Boolean), processTerm: (term) => term },
  });
  search.addAll(
    sections.map((section) => ({
      id: section.passage.id,
      title: section.passage.title,
      text: section.passage.text,
      examples: section.examples.join(' \n '),
    })),
  );

  const textOf = (s: Section) => `${s.passage.title} ${s.passage.text} ${s.examples.join(' ')}`;
  const frequency = new Map<string, number>();
  for (const section of sections)
    for (const term of new Set(termsOf(textOf(section)))) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const weightOf = (term: string) => Math.log(1 + sections.length / ((frequency.get(term) ?? 0) + 0.5));

  const words = new Set(sections.flatMap((s) => splitWords(textOf(s))));
  const compoundsOf = new Map<string, string[]>();
  for (const word of words)
    for (const head of headOfCompound(word)) {
      const [headTerm, term] = [toTerm(head), toTerm(word)];
      // A name and its plural are one term.
      const known = compoundsOf.get(headTerm ?? '') ?? [];
      if (headTerm && term && !known.includes(term)) compoundsOf.set(headTerm, [...known, term]);
    }

  return {
    ownerName: content.profile.name,
    sections,
    sectionById: new Map(sections.map((section) => [section.passage.id, section])),
    search,
    weightOf,
    isKnown: (term) => frequency.has(term),
    words,
    compoundsOf,
    commonTerm:
      [...frequency.entries()].sort((a, b) => a[1] - b[1])[Math.floor(frequency.size * 0.8)]?.[0] ?? '',
    synonyms: (content.vocabulary?.synonyms ?? []).map((group) =>
      group.map((phrase) => phrase.toLowerCase()),
    ),
    counted: new Set(sections.flatMap((s) => s.sentences.flatMap((sentence) => [...sentence.counts]))),
    boundTo: boundTerms(sections),
  };
}

/**
 * Terms the content says only beside one other term ("master" of "master services agreement"):
 * always right after, or always right before, the same term, said twice or more, or inside a phrase
 * of another concept than the term's own ("case studies").
 */
function boundTerms(sections: Section[]): Map<string, string> {
  const sides = new Map<string, { count: number; before: Set<string>; after: Set<string> }>();
  const inPhrase = new Set<string>();
  for (const section of sections)
    for (const text of [section.passage.title, ...section.sentences.map((sentence) => sentence.text)]) {
      const terms = termsOf(text);
      terms.forEach((term, at) => {
        const seen = sides.get(term) ?? { count: 0, before: new Set(), after: new Set() };
        sides.set(term, { ...seen, count: seen.count + 1 });
        seen.before.add(terms[at - 1] ?? '');
        seen.after.add(terms[at + 1] ?? '');
      });
      const folded = fold(text);
      for (const { phrase, term } of senseBindingPhrases()) if (hasPhrase(folded, phrase)) inPhrase.add(term);
    }
  const bound = new Map<string, string>();
  for (const [term, { count, before, after }] of sides) {
    const [partner] = [before, after].find((side) => side.size === 1 && !side.has('')) ?? [];
    if (partner && partner !== term && (count >= 2 || inPhrase.has(term))) bound.set(term, partner);
  }
  return bound;
}

let bindingPhrases: { phrase: string; term: string }[] | undefined;

/** A phrase of one concept holding a word of another ("case study": "study"), with that word's term. */
function senseBindingPhrases() {
  if (bindingPhrases) return bindingPhrases;
  const phrases = [...ENGLISH.conceptPhrases];
  const single = new Map(phrases.filter(([p]) => !p.includes(' ')).map(([word, c]) => [toTerm(word), c]));
  return (bindingPhrases = phrases.flatMap(([phrase, concept]) =>
    termsOf(phrase)
      .filter((term) => phrase.includes(' ') && (single.get(term) ?? concept) !== concept)
      .map((term) => ({ phrase, term })),
  ));
}

function splitSentences(passage: Passage): Sentence[] {
  const sentences: Sentence[] = [];
  const add = (text: string, isListItem: boolean) => {
    // A name or label the owner gave an item in bold at its start: what a visitor calls it by.
    const label = [...new Set(termsOf(/^\*\*([^*]+?)[:.]?\*\*/.exec(text)?.[1] ?? ''))];
    sentences.push({
      passage,
      order: sentences.length,
      text,
      isListItem,
      terms: new Set(termsOf(text)),
      types: typesOf(text),
      // The terms after "my" or "our", and after one word more ("my own company").
      ownerTerms: termsAfter(splitWords(text), (word) => MINE.has(word), toTerm),
      isScreenOnly: hasAnyPhrase(fold(text), ENGLISH.screenWords),
      nameTerms: label.length >= 2 ? label : [],
      labelTerms: new Set(label.length === 1 ? label : []),
      counts: countsOf(text),
    });
  };
  for (const block of passage.text.split(/\n\s*\n/)) {
    const lines = block
      .trim()
      .split(/\s*\n\s*/)
      .filter(Boolean);
    if (lines.length > 0 && lines.every((line) => /^([-*]|\d+\.)\s+/.test(line)))
      for (const line of lines) add(line.replace(/^([-*]|\d+\.)\s+/, ''), true);
    else
      for (const sentence of lines.join(' ').split(SENTENCE_END))
        if (sentence.trim()) add(sentence.trim(), false);
  }
  return sentences;
}

/** The words of a title after its last "a" or "an": "Contract intelligence for a global manufacturer". */
function unnamedParty(title: string): string {
  const words = fold(title).split(/\s+/);
  const at = words.findLastIndex((word) => INDEFINITE_ARTICLES.has(word));
  return at === -1 ? '' : words.slice(at + 1).join(' ');
}

const MINE = new Set(LANGUAGES.flatMap((language) => language.data.possessives?.mine ?? []));

/** The sections that are case studies, in the content's order. */
export function caseStudies(knowledge: Knowledge): Section[] {
  return knowledge.sections.filter((section) => section.isCaseStudy);
}
