// Term processing shared by the knowledge index and its queries, so both sides agree.

// Question words, pronouns and chat fillers carry no topic: "what can you tell me about your rates"
// must match on "rates" alone.
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before
  being below between both but by can can't cannot could couldn't did didn't do does doesn't doing
  don't down during each else ever few for from further get got had hadn't has hasn't have haven't
  having he her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's
  its itself just let's like may me might more most much must mustn't my myself no nor not now of off
  on once only or other ought our ours ourselves out over own please really same shall she should
  shouldn't so some such tell than that that's the their theirs them themselves then there there's
  these they they'd they'll they're they've this those through to too under until up upon us very
  was wasn't we we'd we'll we're we've were weren't what what's when where where's which while who
  who's whom why why's will with won't would wouldn't yes yet you you'd you'll you're you've your
  yours yourself yourselves hi hello hey thanks thank ok okay know anything something
  thing things kind sort type lot bit maybe want wanted would like love today currently familiar many
  someone somebody anyone anybody looking look guy person people stuff right just actually well
  tell told say said ask asking question questions wondering curious interested mind great good
  nice cool awesome quick quickly possible sure okay alright hmm um also still even hold holding
  use uses using used current send sending best one ones curiosity consist consists strong strongest stronger mostly usually normally
  typically generally mainly kinda sorta exactly precisely specifically roughly approximately presently
  basically honestly literally definitely probably perhaps truly seriously
  involve involves entail entails
  go goes going went though although come comes coming give gives giving mean means meant`.split(/\s+/),
);

/** Lower-cases and strips common English endings so "rates", "rated" and "rate" meet. */
export function stemTerm(raw: string): string {
  let term = raw.toLowerCase().replace(/['\u2019]s$/, '');
  if (term.length > 8 && term.endsWith('ability')) term = `${term.slice(0, -7)}able`;
  if (term.length > 7 && term.endsWith('ional')) term = term.slice(0, -2);
  // "certifications" and "certified" meet at "certifi".
  // "certificated" and "certificate" too.
  if (term.length > 9 && /ificat(?:ions?|e[sd]?)$/.test(term))
    term = term.replace(/ificat(?:ions?|e[sd]?)$/, 'ifi');
  if (term.length > 4 && term.endsWith('ies')) term = `${term.slice(0, -3)}y`;
  else if (term.length > 4 && term.endsWith('sses')) term = term.slice(0, -2);
  else if (term.length > 3 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) term = term.slice(0, -1);
  // "remotely" and "remote" meet; "hourly" and "early" stay.
  if (term.length > 6 && term.endsWith('ly')) term = term.slice(0, -2);
  if (term.length > 5 && term.endsWith('ing')) term = term.slice(0, -3);
  else if (term.length > 4 && term.endsWith('ed')) term = term.slice(0, -2);
  return term;
}

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * The words of the owner's name (content/profile.json), which count as stop words wherever the
 * owner's content is indexed or searched: "what does Alex charge" must match on "charge" alone.
 */
export function ownerNameWords(name: string): ReadonlySet<string> {
  return new Set(tokenize(name).map(normaliseApostrophe));
}

export function isStopWord(term: string, ownerWords: ReadonlySet<string> = NO_WORDS): boolean {
  const word = normaliseApostrophe(term.toLowerCase());
  return STOP_WORDS.has(word) || ownerWords.has(word);
}

function normaliseApostrophe(word: string): string {
  return word.replace(/\u2019/g, "'");
}

/** Splits text into words, keeping "gpt-4o", "c#" and ".net" whole; hyphenated words also give their parts. */
export function tokenize(text: string): string[] {
  // "$25,000" is one number: "25 people" does not match it.
  const words =
    text.toLowerCase().match(/\d{1,3}(?:,\d{3})+|[a-z0-9][a-z0-9'\u2019#+.-]*[a-z0-9#+]|[a-z0-9]|\.net/g) ??
    [];
  return words.flatMap((word) => (word.includes('-') ? [word, ...word.split('-').filter(Boolean)] : [word]));
}

/** The index's term processor: stop words (and the owner's name) out, the rest stemmed. */
export function processTerm(term: string, ownerWords?: ReadonlySet<string>): string | null {
  if (isStopWord(term, ownerWords)) return null;
  const stemmed = stemTerm(term);
  // "kinds", "things", "types": a stop word's plural is one too.
  if (stemmed !== term.toLowerCase() && isStopWord(stemmed)) return null;
  // "whats", "thats": a stop word without its apostrophe is still one.
  if (/^(what|that|there|who|where|it|let|he|she)s$/.test(term.toLowerCase())) return null;
  return stemmed.length > 1 || /\d/.test(stemmed) ? stemmed : null;
}

/** The distinct meaningful terms of a question, stemmed. */
export function meaningfulTerms(text: string, ownerWords?: ReadonlySet<string>): string[] {
  return [...new Set(termSequence(text, ownerWords))];
}

/** The meaningful terms of a text in their order, repeats kept. */
export function termSequence(text: string, ownerWords?: ReadonlySet<string>): string[] {
  return tokenize(text)
    .map((term) => processTerm(term, ownerWords))
    .filter((term): term is string => term !== null);
}

/** Neighbouring terms joined by "~" ("teams assistant" gives "team~assistant"), to match phrases. */
export function termPairs(terms: string[]): string[] {
  return terms.slice(1).map((term, index) => `${terms[index]}~${term}`);
}

// Words that talk about projects in general ("have you done any healthcare projects?", "show me your
// most interesting work"): they say the visitor asks about projects, not which one.
const PROJECT_WORDS = new Set(
  meaningfulTerms(
    `project work build built done deliver made make create develop implement ship use used using client
    company firm business organisation organization industry sector space domain field solution system case
    study example involve similar previous past recent latest best favourite favorite proudest biggest
    largest interesting notable challenging hardest main typical show share give list see describe explain
    walk`,
  ),
);

export function isProjectWord(term: string): boolean {
  return PROJECT_WORDS.has(term);
}

// Words that frame a question rather than name its topic ("any experience with SAP?", "which
// sectors do you know best?"): they count little when the question has other words.
const FRAMING_TERMS = new Set([
  'experience',
  'work',
  'worked',
  'background',
  'know',
  'includ',
  // How a process is asked about ("what happens in the discovery phase?"), not what it is.
  ...meaningfulTerms('happen happens phase phases stage stages step steps unfold unfolds'),
]);

export function isFramingTerm(term: string): boolean {
  return FRAMING_TERMS.has(term);
}

/** How many words a text has, as a reader counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
