import { relatedTerms } from '../related-terms';
import { isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';
import type { AnswerUnit } from '../answer-units';
import { isCaseStudy } from '../knowledge-index';

/**
 * Sentences that share the question's words but not what it asks for: an account name the content
 * never gives ("GitHub Actions" is no username), or what one client paid (the content gives list
 * prices, never a client's bill).
 */
export function answersWhatIsAsked(question: string, units: AnswerUnit[]): boolean {
  const text = units.map((unit) => unit.text).join(' ');
  const lower = question.toLowerCase();
  if (
    // "Your handle on X", not "how do you handle it".
    /\b(user ?name|(your|ur|the|his|her|a)( [\w-]+)? handle\b(?! (it|that|this|them|the|our|your))|account name|profile (link|url)|url)\b/.test(
      lower,
    ) &&
    !/@|https?:|www\./.test(text)
  )
    return false;
  // The owner's own income is not a client's revenue the content mentions.
  if (
    /\b(your|ur) (annual |yearly |monthly )?(revenue|income|salary|earnings|turnover|net worth)\b/.test(lower)
  )
    return false;
  // "What's your favourite trail?" asks for a preference the sentences must state.
  if (/\bfavou?rite\b/.test(lower) && !/\b(favou?rite|love|prefer\w*|best)\b/i.test(text)) return false;
  const clientPaid =
    /\b(did|was|were)\b.*\b(pay|paid|paying|charge|charged|charging|bill|billed|billing|invoice|invoiced|budget)\b|\bhow much (was|were) (the|that|their|your) (contract|deal|project|engagement|invoice)\b/;
  // What a named client paid is never in the content: a case study or a price list does not say it.
  const namesClient =
    /\b(insurer|bank|client|customer|hospital|fintech|manufacturer|firm|company|they|them)\b/.test(lower);
  const paidYou = /\b(did|was|were)\b.*\b(pay|paid|paying)\b/.test(lower);
  // "How much did the serving bill come down?" asks what a project saved, not what was paid.
  const asksSaving =
    /\b(c[oa]me|go|went|gone) down\b|\b(drop|fell|fall|reduc|cut|lower|sav|shr[iu]nk)\w*/.test(lower);
  return !(clientPaid.test(lower) && !asksSaving && (/\$\d/.test(text) || (paidYou && namesClient)));
}

// Heads that ask for a kind of answer rather than name a thing ("what year…", "which kind of…").
const GENERIC_HEADS = new Set(
  meaningfulTerms(
    `year years month day date time times hour hours week kind kinds type types sort sorts way ways thing
    things one ones part parts size much long info information detail details option options stuff
    arrangement arrangements setup deal deals format formats structure range ranges term terms
    ballpark damage figure figures number numbers amount amounts band bands bracket brackets estimate
    percentage percentages percent proportion share fraction ratio`,
  ),
);
/** "Dates", "kind", "details": a word that asks for a kind of answer rather than names a thing. */
export const isGenericHead = (term: string) => GENERIC_HEADS.has(term);

const ASKED_NOUN =
  /\b(?:which|what|how many)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:are|is|was|were|do|does|did|have|has|had|can|could|would|will|should|of|in|on|at|for|you|u)\b/i;

/**
 * "Which sailing club are you in?", "which Kubernetes version…", "how many employees…": the noun
 * the question asks for. When the content never says it nor a word related to it, the sentences
 * that share the rest of the question do not answer it.
 */
export function asksForUnknownNoun(
  message: { question: string; query: string; understood: string[] },
  isKnown: (term: string) => boolean,
): boolean {
  return ASKED_NOUNS.some((pattern) => {
    // Not when a phrase of the question was understood as the content's words ("timezone"), or
    // the word itself was.
    if (pattern === ASKED_NOUN && message.understood.length > 0) return false;
    const phrase = pattern.exec(message.question)?.[1];
    // "A better price for outfits like ours" asks about the visitor's kind, not a thing.
    if (!phrase || /\b(like|such)\b/i.test(phrase)) return false;
    // The head of "which sailing club", "a warranty period"; of "the total asset size", the word
    // that says what the size is of.
    const terms = meaningfulTerms(phrase);
    const head = GENERIC_HEADS.has(terms.at(-1) ?? '') && terms.length > 1 ? terms.at(-2) : terms.at(-1);
    // Shorthand spelled out ("yrs") was understood as other words.
    if (!head || !meaningfulTerms(message.query).includes(head) || message.understood.includes(head))
      return false;
    if (GENERIC_HEADS.has(head) || isFramingTerm(head) || isProjectWord(head) || isKnown(head)) return false;
    const related = relatedTerms([head]).get(head) ?? [];
    return !related.some(isKnown);
  });
}

const ENDS_OBJECT = String.raw`(?=\s+(?:at|in|on|for|with|about|after|if|during|to|of|or|i|we)\b|\s*[?.!,;]|\s*$)`;
const ASKED_NOUNS = [
  ASKED_NOUN,
  // "What do you charge to give a keynote at our conference?": the price of a thing.
  new RegExp(
    String.raw`\b(?:charge|cost|price|fee|rate|pay)s?\b[^?.]*?\b(?:for|to (?:give|do|run|hold|deliver|host|teach|speak at))\s+(?:an?|the|your|one|our)?\s*((?:[\w-]+\s+){0,2}?[\w-]+)${ENDS_OBJECT}`,
    'i',
  ),
  // "Do you include a free bug-fix warranty period?", "do you have a referral programme?", "do you
  // have client testimonials?": a thing offered.
  new RegExp(
    String.raw`\bdo (?:you|u) (?:include|offer|provide|give|have|run)\s+(?:(?:an?|any|the)\s+|(?=(?:[\w-]+\s+){0,2}?[\w-]+s\b))((?:[\w-]+\s+){0,4}?[\w-]+)${ENDS_OBJECT}`,
    'i',
  ),
  // "What kind of boat do you sail?": the thing whose kind is asked.
  /\b(?:what|which)\s+(?:kinds?|types?|sorts?|brand|make)\s+of\s+((?:[a-z][\w-]*\s+){0,1}?[a-z][\w-]*)(?=\s+(?:do|does|did|is|are|was|were|have|has|can|could|would|will|you|u)\b|\s*[?.!,;]|\s*$)/i,
  // "What was your masters thesis about?", "the total asset size of the bank"
  new RegExp(
    String.raw`\bwhat(?:'s| was| is| were| are)\s+(?:the|your|ur|its|their|his|her)\s+((?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)${ENDS_OBJECT}`,
    'i',
  ),
  // "What's your boat called?"
  /\bwhat(?:'s| is| are)\s+(?:your|ur|the)\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:called|named)\b/i,
  // "How many days of notice…": what the days are of.
  /\bhow (?:many|much) (?:days|weeks|months|hours|time) of ([a-z][\w-]*)/i,
];

const NUMBER =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozens?|several|few|single|both|unlimited)\b/i;

const ASKS_SHARE =
  /\b(what|which|by how much of a|by what)\s+(percentage|percent|proportion|share|fraction)\b/i;

const givesShare = (unit: AnswerUnit) => /\d\s?%|\bpercent\b/i.test(unit.text);

/** "By what percentage…?": of the sentences found, those that give a share, when some do. */
export function unitsGivingShare(query: string, units: AnswerUnit[]): AnswerUnit[] {
  const giving = ASKS_SHARE.test(query) ? units.filter(givesShare) : [];
  return giving.length > 0 ? giving : units;
}

/**
 * "How many employees does your company have?": sentences without any number do not answer it.
 * A case study is left to its own rules (the number may be in another of its parts).
 */
export function answersCount(query: string, units: AnswerUnit[]): boolean {
  // "In what percentage of cases…?" is answered by a share the sentences give, and only by one.
  if (ASKS_SHARE.test(query)) return units.some((unit) => givesShare(unit) || isCaseStudy(unit.passage));
  if (!/^\W*how many\b/i.test(query)) return true;
  if (!units.some((unit) => NUMBER.test(unit.text) || isCaseStudy(unit.passage))) return false;
  return countsTheNoun(query, units);
}

const COUNT = String.raw`(?:\d[\d,.]*\+?(?:\s*[-–]\s*\d[\d,.]*)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundreds?|thousands?|dozens?|several)`;

/** "How many hospitals…?" → a pattern for "five hospitals", "5-12 engineers"; undefined otherwise. */
function countOfAskedNoun(query: string): { stem: string; counts: RegExp } | undefined {
  const noun = /^\W*how many ([a-z][a-z-]{3,})\b/i.exec(query)?.[1]?.toLowerCase();
  // "combien avez-vous économisé" reads "how many saved": a verb, not what is counted.
  if (!noun || /(ed|ing)$/.test(noun)) return undefined;
  const stem = noun.replace(/(es|s)$/, '');
  return { stem, counts: new RegExp(String.raw`\b${COUNT}\s+(?:[\p{L}-]+\s+){0,2}${stem}`, 'iu') };
}

/** The unit that counts what "how many hospitals…?" asks for ("five hospitals"), if one does. */
export function unitCounting(query: string, units: AnswerUnit[]): AnswerUnit | undefined {
  const asked = countOfAskedNoun(query);
  return asked && units.find((unit) => asked.counts.test(unit.text));
}

/**
 * "How many adjusters were using it?": a case study that names the adjusters but counts something
 * else ("adjusters saved six hours a week") does not answer it.
 */
function countsTheNoun(query: string, units: AnswerUnit[]): boolean {
  const asked = countOfAskedNoun(query);
  if (!asked) return true;
  const text = [
    ...new Set(units.filter((unit) => isCaseStudy(unit.passage)).map((unit) => unit.passage.text)),
  ].join(' ');
  if (!text) return true;
  if (new RegExp(String.raw`\b${asked.stem}`, 'i').test(text)) return asked.counts.test(text);
  // "How many employees did the fintech have?": a project that names no employees, nor anything
  // related ("users" for "people"), does not say it.
  const said = new Set(meaningfulTerms(text));
  const [term] = meaningfulTerms(asked.stem);
  return !term || (relatedTerms([term]).get(term) ?? []).some((related) => said.has(related));
}

// "Which exact model did you run?" asks for a name.
const ASKS_EXACT_NAME =
  /\b(?:which|what\s+(?:exact|specific|particular|precise))\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)\s+(?:did|do|does|is|was|were|are|have|has|had)\b|\bname of (?:the|your|that|this)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+)(?=\s+(?:you|that|which|where|in|at|for)\b|\s*[?.!,]|\s*$)/iu;

/**
 * "Which exact open-weights model did you run?", "which coding programme do you mentor at?" are
 * not answered by sentences that name none, only "an open-weights model", "a local programme".
 */
export function namesWhatIsAsked(question: string, units: AnswerUnit[]): boolean {
  const asked = ASKS_EXACT_NAME.exec(question);
  const head = (asked?.[1] ?? asked?.[2])?.toLowerCase().replace(/s$/, '');
  if (!head) return true;
  const text = units.map((unit) => unit.text).join(' ');
  const mentions = Array.from(text.matchAll(new RegExp(String.raw`\b${head}s?\b`, 'giu')));
  if (mentions.length === 0) return true;
  const unnamed = new RegExp(String.raw`\b(?:an?|some|one|any)\s+(?:[\p{L}-]+\s+){0,2}$`, 'iu');
  return mentions.some((mention) => !unnamed.test(text.slice(0, mention.index)));
}

const SAYS_WHEN =
  /\b(1[89]|20)\d\d\b|\d{1,2}:\d\d|\b(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|today|tomorrow|yesterday|ago|since|until|before|after|during|spring|summer|autumn|fall|winter|morning|afternoon|evening|hours?|days?|weeks?|months?|years?|am|pm|now|soon|immediately|first|then|once|while|within)\b/i;

/**
 * "When did you pass the CKA exam?": sentences that say no time at all do not answer it. A case
 * study is left to its own rules.
 */
export function answersWhen(query: string, units: AnswerUnit[]): boolean {
  // "What year did you finish your master's?" wants a year, not "while working".
  const says = /^\W*(in )?(what|which) year\b/i.test(query)
    ? /\b(19|20)\d\d\b/
    : /^\W*when (did|was|were|is|are|will|would|do|does|can|could|have|has)\b/i.test(query)
      ? SAYS_WHEN
      : undefined;
  return !says || units.some((unit) => says.test(unit.text) || isCaseStudy(unit.passage));
}

/** "How much money did the bank save?": only an amount of money, or a cost cut, answers it. */
export function answersMoney(question: string, text: string): boolean {
  const asksMoney =
    /\bhow much (money|cash)\b|\bhow many (dollars|euros)\b|\b(what|how (big|large|much)) (was|is|were) (the|their|its|that) (total |overall |whole )?(budget|contract value|deal size)\b/i;
  if (!asksMoney.test(question)) return true;
  // "Serving costs fell by 45%" says it too; "retired 60% of its batch workload" does not.
  return (
    /[$€£]\s?\d|\d\s?(dollars|euros)/i.test(text) ||
    /\b(costs?|spend\w*|savings?|saved|bills?|budget)\b[^.]{0,30}\d+\s?(%|percent)/i.test(text)
  );
}

// "What's your cancellation fee?", "a late payment fee or interest", "your rate for weekend
// emergency work": a charge of one kind, which only a sentence naming that kind and a charge
// answers ("the plan renews until you cancel it" says nothing of a fee).
const CHARGE_OF_A_KIND =
  /\b(cancel\w*|terminat\w*|late|overdue|penalt\w*|rush|weekend|overnight|emergency|on-call|after-hours|kill)\b(?:\s+\w+){0,3}?\s+(fees?|charges?|surcharges?|rates?|interest|penalt\w*)\b/i;
const CHARGE_FOR_A_KIND =
  /\b(?:fees?|charges?|charge|surcharges?|rates?|bill)\s+(?:for|on)\s+(?:\w+\s+){0,2}?(weekend|overnight|emergency|on-call|after-hours|rush|holiday)\b/i;
const NAMES_A_CHARGE = /\b(fees?|charges?|surcharges?|penalt\w*|interest|free|\$\s?\d)/i;

export function answersChargeAsked(question: string, units: AnswerUnit[]): boolean {
  const kind = CHARGE_OF_A_KIND.exec(question)?.[1] ?? CHARGE_FOR_A_KIND.exec(question)?.[1];
  if (!kind) return true;
  const stem = new RegExp(String.raw`\b${kind.slice(0, Math.min(kind.length, 6))}`, 'i');
  return units.some((unit) => stem.test(unit.text) && NAMES_A_CHARGE.test(unit.text));
}
