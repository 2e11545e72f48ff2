import fs from 'node:fs';
import { z } from 'zod';

// The engine's generic vocabulary, one data file a language: words that carry no topic, greetings,
// the everyday words of the trade mapped to the concepts the content is written in, contact intent
// and the reply frames. Nothing here belongs to one owner; the owner's own words live in content/.

const phrases = z.array(z.string().min(1)).min(1);

/** The kinds of fact a question's words ask for (a number is also asked by `quantityWords`). */
export const ANSWER_TYPES = ['number', 'money', 'name', 'date', 'duration', 'year'] as const;

/**
 * What a data file holds. The files are part of the engine, so a unit test checks each against this
 * (language-data.test.ts) rather than every start: parsing makes a copy of each file, and the copy
 * and the file as read lay about 1.5 MB more on an idle server's heap (decision 012).
 */
export const languageSchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  stopWords: z.string(),
  /** Phrases of an instruction planted in a message ("ignore your previous instructions"): the clause that holds one is not read. */
  plantedPhrases: phrases.optional(),
  /** Phrases that ask nothing ("these days", "quick question"): read past. */
  fillers: phrases.optional(),
  greetings: phrases,
  thanks: phrases,
  farewells: phrases,
  listWords: phrases,
  projectWords: phrases,
  /** "first", "second"...: which item of a list the visitor means, in order. */
  ordinals: phrases.optional(),
  /** "the last one", "the latter": the last item of a list. */
  lastOrdinals: phrases.optional(),
  /** Openings that carry the previous question on ("and for", "what about"). */
  followUps: phrases.optional(),
  /** Words a question opens with ("how", "what"): where "and" joins two questions. */
  questionWords: phrases.optional(),
  /** "tell me", "dime": a question asked as an order ("then tell me which tools you use"). */
  tellMe: phrases.optional(),
  /** "which", "what": the word after them names the thing asked ("which cloud providers"). */
  whichWords: phrases.optional(),
  /** Words between "which" and the thing asked ("what kind of", "which exact"). */
  askedThingLeadIns: phrases.optional(),
  /** Verbs a "what" may be the subject of ("what happens if..."): no thing is asked. */
  askedVerbs: phrases.optional(),
  /** "to talk about", "regarding": a call asked for with a purpose, wanted on another day too. */
  purposeLeadIns: phrases.optional(),
  /** "how many", "how long": the answer is a number. */
  quantityWords: phrases.optional(),
  /** Titles and words written short with a period ("Jr.", "Dr."): no sentence ends after them. */
  abbreviations: phrases.optional(),
  /** "this year": a day off named with it is this year's, even when it has passed. */
  thisYear: phrases.optional(),
  /** Words a "how many..." question may count by another ("people" and "participants"). */
  countedAlike: z.array(phrases).optional(),
  /** A word between a quantity phrase and what it counts ("de" in "combien de semaines"). */
  countLinks: phrases.optional(),
  /**
   * Words that ask for a kind of fact: a figure ("what's the price range..." asks no thing), an
   * amount of money, a name, a date, a length of time, a year ("what year...", judged like a number).
   */
  answerTypes: z.partialRecord(z.enum(ANSWER_TYPES), phrases).optional(),
  /** "your" in a question, and "my" in the owner's text: what belongs to the owner. */
  possessives: z.object({ yours: phrases, mine: phrases }).optional(),
  /** Concepts of questions about the owner's time: a day they name is read from the calendar. */
  calendarConcepts: phrases.optional(),
  /** Concepts whose questions ask for an amount of money ("what are your rates?"). */
  moneyConcepts: phrases.optional(),
  /** Words of a change in a measure ("how much did costs fall?"): the money word beside one is what changed, no price asked. */
  changeWords: phrases.optional(),
  /** "a", "an": a case study "for a regional bank" leaves its client unnamed. */
  indefiniteArticles: phrases.optional(),
  /** What states a price of nothing ("free", "no charge"): an answer to "what does it cost?". */
  freeWords: phrases.optional(),
  /** What a date parser reads as a day but a visitor does not mean as one ("24/7", "weekend on-call"). */
  notDays: phrases.optional(),
  /** Days known by a name rather than a date ("Christmas"): the month and day ("12-25"). */
  namedDays: z.record(z.string(), z.string().regex(/^\d\d-\d\d$/)).optional(),
  /** Number words and date words a sentence states a number or a date with. */
  numberWords: phrases.optional(),
  dateWords: phrases.optional(),
  /** Words that point back at the previous answer ("it", "that"). */
  references: phrases.optional(),
  /** What only a screen shows ("button", "click"): a spoken reply leaves such sentences out. */
  screenWords: phrases.optional(),
  /** "this call": on a voice call, the call the visitor is on, which is a voice call. */
  thisCall: phrases.optional(),
  /** Questions each profile fact answers, by its key (profile.json#experience...), in this language. */
  profileExamples: z.record(z.string(), phrases).optional(),
  concepts: z.record(z.string(), phrases),
  /** A visitor's word in this language and the English word a consultant's site would use. */
  words: z.record(z.string(), z.string()),
  /** Endings a word may carry beyond the form listed in words ("Krankenhäusern"). */
  suffixes: phrases.optional(),
  /**
   * A language that joins words into one ("Vertragsanalyse", "klantenservice"): the letters that may
   * link a modifier to the word after it ("s" in "Vertrags-analyse"), "" for none. A word found
   * neither in words nor by its endings is then read as a modifier and a head, each found that way.
   */
  compoundLinks: z.array(z.string()).optional(),
  /** Articles and pronouns joined to the next word by an apostrophe ("l'heure"): read past. */
  elisions: phrases.optional(),
  /** Endings that make a plural ("servicios", "langues"): the visitor expects a list. */
  pluralSuffixes: phrases.optional(),
  /** What asks to hire, book, call, get a quote or talk to the owner, in the grammar of chat/contact-intent-grammar.ts. */
  contactIntent: z.object({
    slots: z.record(z.string(), z.string()).optional(),
    intents: phrases,
    /** Questions about the service or the product: an intent phrase inside one does not count. */
    serviceQuestions: phrases.optional(),
    /** Words that turn an intent after them into a refusal, and the phrases that are not one. */
    negations: phrases.optional(),
    negationExceptions: phrases.optional(),
    /** Words that start a new clause ("but"), judged on its own. */
    clauseBreaks: phrases.optional(),
    /** A time to pick and a word choosing one: together, a question about booking. */
    bookingTimes: phrases.optional(),
    bookingChoices: phrases.optional(),
  }),
  frames: z.object({
    opening: z.string(),
    dontKnow: z.string(),
    offer: z.string(),
    askCall: z.string(),
    greeting: z.string(),
    thanks: z.string(),
    farewell: z.string(),
    fromNotes: z.string(),
    and: z.string(),
    projectsIntro: z.string(),
    declineOthers: z.string(),
    /** A client asked by name that the notes leave unnamed ("for a regional bank"). */
    clientNames: z.string(),
    /** A message that only asks for the clone's instructions or prompt. */
    declineInstructions: z.string(),
  }),
});

export type LanguageData = z.infer<typeof languageSchema>;
export type Frame = keyof LanguageData['frames'];

/** What a message may say and nothing else: it asks nothing of the content. */
export const SMALL_TALK = ['greetings', 'thanks', 'farewells'] as const;
/** What a question asks for (a list, projects, one item) or that it goes on from the previous one. */
const ASKING_LISTS = ['listWords', 'projectWords', 'ordinals', 'lastOrdinals', 'followUps'] as const;
/** The lists kept folded (single words and phrases), for matching against a folded message. */
const FOLDED_LISTS = [
  ...SMALL_TALK,
  ...ASKING_LISTS,
  'questionWords',
  'whichWords',
  'fillers',
  'tellMe',
  'quantityWords',
  'references',
  'screenWords',
] as const;

/** A language ready to read messages with: its words folded (lower case, no accents). */
export interface Language extends Record<(typeof FOLDED_LISTS)[number], string[]> {
  code: string;
  /** The data file as written, but for its words (kept once, as `words`). */
  data: Omit<LanguageData, 'words'>;
  stopWords: ReadonlySet<string>;
  answerTypes: Record<(typeof ANSWER_TYPES)[number], string[]>;
  /** Folded phrase of this language -> the concept it names. */
  conceptPhrases: Map<string, string>;
  words: Map<string, string>;
}

/** Lower case without accents or curly apostrophes: how every message and list is compared. */
export function fold(text: string): string {
  // Plain ASCII has no accents or curly apostrophes: lower case alone, which returns the text itself
  // when it already is (most words of the data files), so folding them at start makes no garbage.
  if (!/[^ -~]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\u2018\u2019]/g, "'")
    .toLowerCase();
}

/** Whether a folded phrase occurs in a folded text as whole words. */
export function hasPhrase(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at === -1) return false;
  const isWordChar = (char?: string) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
  const isWhole = !isWordChar(text[at - 1]) && !isWordChar(text[at + phrase.length]);
  return isWhole || hasPhrase(text.slice(at + 1), phrase);
}

/** Whether a folded text says any of the folded phrases as whole words. */
export function hasAnyPhrase(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => hasPhrase(text, phrase));
}

/** Whether a folded text opens with one of the folded phrases ("and for", "what about"). */
export function opensWithPhrase(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => hasPhrase(text.slice(0, phrase.length + 1), phrase));
}

function prepare(code: string): Language {
  const { words, ...data } = readLanguageFile(code);
  const conceptPhrases = new Map<string, string>();
  for (const [concept, list] of Object.entries(data.concepts))
    for (const phrase of list)
      if (!conceptPhrases.has(fold(phrase))) conceptPhrases.set(fold(phrase), concept);
  return {
    code: data.code,
    data,
    stopWords: new Set(fold(data.stopWords).split(/\s+/).filter(Boolean)),
    ...foldEach(FOLDED_LISTS, (key) => data[key]),
    answerTypes: foldEach(ANSWER_TYPES, (key) => data.answerTypes?.[key]),
    conceptPhrases,
    words: new Map(Object.entries(words).map(([word, english]) => [fold(word), fold(english)])),
  };
}

/** Each of the lists named by `keys`, folded (none for a list the data leaves out). */
function foldEach<K extends string>(keys: readonly K[], listOf: (key: K) => string[] | undefined) {
  return Object.fromEntries(keys.map((key) => [key, (listOf(key) ?? []).map(fold)])) as Record<K, string[]>;
}

/**
 * A language's data file, read rather than imported: an imported JSON module stays in memory whole
 * beside what is made of it. The bundled server finds the files in `languages/` beside it.
 */
export function readLanguageFile(code: string): LanguageData {
  const file = new URL(`./languages/${code}.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as LanguageData;
}

/** Every language the clone reads and answers in; English first, the language of the reply frames' fallback. */
export const LANGUAGES: readonly Language[] = ['en', 'es', 'fr', 'de', 'pt', 'it', 'nl'].map(prepare);

export const ENGLISH = LANGUAGES[0]!;

export function getLanguage(code: string): Language {
  return LANGUAGES.find((language) => language.code === code) ?? ENGLISH;
}

/** A frame of the language with its placeholders filled. */
export function frame(language: Language, name: Frame, values: Record<string, string> = {}): string {
  const text = language.data.frames[name] || ENGLISH.data.frames[name];
  return text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}
