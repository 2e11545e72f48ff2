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
  const clientPaid =
    /\b(did|was|were)\b.*\b(pay|paid|charge|charged|bill|billed|invoice|invoiced|budget)\b|\bhow much (was|were) (the|that|their|your) (contract|deal|project|engagement|invoice)\b/;
  return !(clientPaid.test(lower) && /\$\d/.test(text));
}

// Heads that ask for a kind of answer rather than name a thing ("what year…", "which kind of…").
const GENERIC_HEADS = new Set(
  meaningfulTerms(
    `year years month day date time times hour hours week kind kinds type types sort sorts way ways thing
    things one ones part parts size much long info information detail details option options stuff`,
  ),
);
const ASKED_NOUN =
  /\b(?:which|what|how many)\s+((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)\s+(?:are|is|was|were|do|does|did|have|has|had|can|could|would|will|should|of|in|on|at|for|you|u)\b/i;

/**
 * "Which sailing club are you in?", "which Kubernetes version…", "how many employees…": the noun
 * the question asks for. When the content never says it nor a word related to it, the sentences
 * that share the rest of the question do not answer it.
 */
export function asksForUnknownNoun(
  message: { question: string; query: string },
  isKnown: (term: string) => boolean,
): boolean {
  const phrase = ASKED_NOUN.exec(message.question)?.[1];
  if (!phrase) return false;
  const head = meaningfulTerms(phrase).at(-1);
  // Shorthand spelled out ("yrs") was understood as other words.
  if (!head || !meaningfulTerms(message.query).includes(head)) return false;
  if (GENERIC_HEADS.has(head) || isFramingTerm(head) || isProjectWord(head) || isKnown(head)) return false;
  const related = relatedTerms([head]).get(head) ?? [];
  return !related.some(isKnown);
}

const NUMBER =
  /\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|thousand|dozens?|several|few|single|both|unlimited)\b/i;

/**
 * "How many employees does your company have?": sentences without any number do not answer it.
 * A case study is left to its own rules (the number may be in another of its parts).
 */
export function answersCount(query: string, units: AnswerUnit[]): boolean {
  if (!/^\W*how many\b/i.test(query)) return true;
  return units.some((unit) => NUMBER.test(unit.text) || isCaseStudy(unit.passage));
}

const SAYS_WHEN =
  /\b(1[89]|20)\d\d\b|\d{1,2}:\d\d|\b(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekdays?|weekends?|today|tomorrow|yesterday|ago|since|until|before|after|during|spring|summer|autumn|fall|winter|morning|afternoon|evening|hours?|days?|weeks?|months?|years?|am|pm|now|soon|immediately|first|then|once|while|within)\b/i;

/**
 * "When did you pass the CKA exam?": sentences that say no time at all do not answer it. A case
 * study is left to its own rules.
 */
export function answersWhen(query: string, units: AnswerUnit[]): boolean {
  if (!/^\W*when (did|was|were|is|are|will|would|do|does|can|could|have|has)\b/i.test(query)) return true;
  return units.some((unit) => SAYS_WHEN.test(unit.text) || isCaseStudy(unit.passage));
}
