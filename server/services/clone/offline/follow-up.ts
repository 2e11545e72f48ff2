import type { AnswerUnit } from '../answer-units';
import { isCaseStudy, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { isProjectWord, meaningfulTerms } from '../text-terms';
import { detectLanguage } from './language';
import { expandQuery, type VisitorMessage } from './understand-message';

// A follow-up only makes sense with the turn before it: "and for a startup?", "tell me more",
// "the second one", "how much did that save them?". What the previous reply said is read back from
// its text, so nothing about the conversation needs storing beyond the messages themselves.

export interface FollowUp {
  /** The passages the previous reply drew from. */
  passageIds: ReadonlySet<string>;
  /** Their units the previous reply did not show, in order. */
  unseen: AnswerUnit[];
  /**
   * What the previous reply was about: the units it showed, and every unit of a section it named
   * as a whole (a project it summarised), not the other items of a list it picked one from.
   */
  subjectUnitIds: ReadonlySet<string>;
  /** The previous visitor question's search words. */
  previousQuery: string;
  /** "The second one": the passage or list item the previous reply listed at that place. */
  referenced?: Passage;
  referencedUnit?: AnswerUnit;
  /** "The last one" after a sentence that listed things ("insurance, banking, ... and B2B software"). */
  referencedItem?: string;
  /** "Tell me more", "go on". */
  wantsMore: boolean;
  /**
   * Only a word pointing back ("What language did you rewrite those jobs in?"), in a question
   * long enough to stand alone: the previous subject answers it only if it says the question's words.
   */
  isWeak: boolean;
}

const STARTS_FOLLOW_UP =
  /^(and|also|what about|how about|what if|tell me more|more|go on|elaborate|continue|why|how so|really|ok,? and|so|then|y|e|und|et|what else|anything else|¿?y (para|si|el|la|los|las)|und (für|wenn|was)|et (pour|si))\b/i;
const REFERS_BACK =
  /\b(that|this|it|its|them|they|those|these|there|their|theirs|one|ones|he|him|his|same|qualify|eligible|eso|ese|esa|ello|das|dies|diese[sm]?|cela|ça|celui|celle)\b/i;
const WANTS_MORE = /\b(more|elaborate|details?|go on|continue|expand|further|else|más|mehr|plus)\b/i;
const ORDINALS: Array<[RegExp, number]> = [
  [/\b(first|1st|primer[oa]?|erste[nrs]?|premi[eè]re?)\b/i, 0],
  [/\b(second|2nd|segund[oa]|zweite[nrs]?|deuxi[eè]me|seconde?)\b/i, 1],
  [/\b(third|3rd|tercer[oa]?|dritte[nrs]?|troisi[eè]me)\b/i, 2],
  [/\b(fourth|4th|cuart[oa]|vierte[nrs]?|quatri[eè]me)\b/i, 3],
  [/\b(fifth|5th|quint[oa]|f[uü]nfte[nrs]?|cinqui[eè]me)\b/i, 4],
  [/\b(sixth|6th|sext[oa]|sechste[nrs]?|sixi[eè]me)\b/i, 5],
  [/\b(seventh|7th|s[eé]ptim[oa]|siebte[nrs]?|septi[eè]me)\b/i, 6],
  [/\b(last|[uú]ltim[oa]|letzte[nrs]?|derni[eè]re?)\b/i, -1],
];

const ASKS_PART =
  /\bthe (stack|tech|technolog\w*|tools?|outcome|results?|impact|client|customer|problem|challenge|solution|approach|architecture|cloud)\b/i;

/** The case study a reply was about, when it names exactly one section and that is a case study. */
function projectOfReply(reply: string, index: KnowledgeIndex): Passage | undefined {
  const lower = reply.toLowerCase();
  const named = index.passages.filter((passage) => lower.includes(passage.title.toLowerCase()));
  return named.length === 1 && isCaseStudy(named[0]!) ? named[0] : undefined;
}

/**
 * Whether a question names another section by a word of its heading ("and the hospital one?")
 * that the current one does not say itself ("customers" of a bank are no support copilot).
 */
function namesOtherSection(question: string, current: Passage, index: KnowledgeIndex): boolean {
  const own = new Set(meaningfulTerms(current.text));
  const terms = meaningfulTerms(question).filter((term) => !isProjectWord(term) && !own.has(term));
  // A question's part words ("which tools…", "what models…") name no other section by
  // themselves: a heading counts by its other words, or when it is another project.
  const partWord = (word: string) =>
    /^(tool|model|technolog|tech|stack|framework|outcome|result|client|problem|solution)/.test(word);
  return index.passages.some(
    (passage) =>
      passage !== current &&
      meaningfulTerms(passage.title).some(
        (word) => terms.includes(word) && (isCaseStudy(passage) || !partWord(word)),
      ),
  );
}

export function findFollowUp(
  message: VisitorMessage,
  history: Array<{ role: string; content: string }>,
  index: KnowledgeIndex,
): FollowUp | undefined {
  const previousReply = [...history].reverse().find((turn) => turn.role === 'assistant')?.content ?? '';
  if (!previousReply) return undefined;
  const { question } = message;
  const ordinal = ORDINALS.find(([pattern]) => pattern.test(question));
  const isShort = meaningfulTerms(question).length <= 3;
  const refersBack = REFERS_BACK.test(question);
  // "What was the stack?" after one project: the part of that project.
  const project = projectOfReply(previousReply, index);
  const asksPartOfProject = isShort && ASKS_PART.test(question) && project !== undefined;
  // "Any problems for customers during the switch?" after one project may still be about it.
  const staysOnProject = project !== undefined && !namesOtherSection(question, project, index);
  const isStrong =
    STARTS_FOLLOW_UP.test(question) ||
    (refersBack && isShort) ||
    Boolean(ordinal && isShort) ||
    asksPartOfProject;
  if (!isStrong && !refersBack && !staysOnProject) return undefined;

  const shown = index.units.units.filter((unit) =>
    previousReply.includes((unit.value ?? unit.text).slice(0, 60)),
  );
  const replyLower = previousReply.toLowerCase();
  const titled = index.passages.filter((passage) => replyLower.includes(passage.title.toLowerCase()));
  const passageIds = new Set([
    ...shown.map((unit) => unit.passage.id),
    ...titled.map((passage) => passage.id),
  ]);
  const unseen = index.units.units.filter((unit) => passageIds.has(unit.passage.id) && !shown.includes(unit));
  const userTurns = history.filter((turn) => turn.role === 'user');
  // The two visitor messages before this one: "I run a non-profit" ... "your rate?" ... "and for us?"
  const previousQuestion = userTurns
    .slice(-3, -1)
    .map((turn) => turn.content)
    .join(' ');
  const previousQuery = expandQuery(previousQuestion, detectLanguage(previousQuestion)).query;

  const titledIds = new Set(titled.map((passage) => passage.id));
  const subjectUnitIds = new Set(
    index.units.units
      .filter((unit) => shown.includes(unit) || titledIds.has(unit.passage.id))
      .map((unit) => unit.id),
  );
  const followUp: FollowUp = {
    passageIds,
    unseen,
    subjectUnitIds,
    previousQuery,
    wantsMore: isStrong && WANTS_MORE.test(question),
    isWeak: !isStrong,
  };
  const ranked = isStrong && !ordinal ? byPrice(question, shown, unseen) : undefined;
  // "If I go for the cheaper one, how long can each call be?" asks its own question about it.
  if (ranked && asksBeyondReference(question)) followUp.referencedItem = ranked.key ?? undefined;
  else if (ranked) followUp.referencedUnit = ranked;
  if (ordinal && isStrong) {
    const listed = listedTitles(previousReply);
    const title = ordinal[1] < 0 ? listed.at(-1) : listed[ordinal[1]];
    const plain = listedLines(previousReply);
    const line = ordinal[1] < 0 ? plain.at(-1) : plain[ordinal[1]];
    if (title) {
      followUp.referenced = index.passages.find((passage) => passage.title === title);
      // A timeline's keys end with a full stop: "2010-2015: senior engineer, consulting."
      if (!followUp.referenced)
        followUp.referencedUnit = index.units.units.find(
          (unit) => unit.key !== undefined && unit.key.replace(/[.:]$/, '') === title.replace(/[.:]$/, ''),
        );
    } else if (line) {
      // "- AWS Certified Solutions Architect - Professional." as the list showed it.
      followUp.referencedUnit = shown.find(
        (unit) => unit.isListItem && line.startsWith(unit.text.slice(0, 40)),
      );
    } else {
      followUp.referencedItem = listedInProse(previousReply, ordinal[1]);
    }
  }
  return followUp;
}

/**
 * The item at a place of the first sentence that lists three or more things: "I know insurance,
 * banking and financial services, ..., manufacturing and B2B software particularly well." The
 * first item is the list's first comma part's last two words; the last is what follows the last
 * part's final "and" (items may hold an "and" of their own: "banking and financial services").
 */
function listedInProse(reply: string, place: number): string | undefined {
  for (const sentence of reply.replace(/\*\*/g, '').split(/(?<=[.!?])\s+|\n+/)) {
    const parts = sentence.replace(/[.!?]$/, '').split(/,\s+/);
    if (parts.length < 3) continue;
    const last = parts.at(-1)!.split(/\s+(?:and|or)\s+/);
    if (last.length < 2) continue;
    const items = [
      parts[0]!.split(/\s+/).slice(-2).join(' '),
      ...parts.slice(1, -1),
      ...[last.slice(0, -1).join(' and '), last.at(-1)!],
    ];
    return place < 0 ? items.at(-1) : items[place];
  }
  return undefined;
}

/** The bold names that start the list items of a reply: "- **Title**: ..." or "1. **Key:** ...". */
function listedTitles(reply: string): string[] {
  return [...reply.matchAll(/^\s*(?:[-*]|\d+\.)\s+\*\*(.+?):?\*\*/gm)].map((match) =>
    match[1]!.replace(/:$/, '').trim(),
  );
}

const CHEAPEST = /\b(cheapest|least expensive|lowest[- ]priced|smallest|most affordable)\b/i;
const PRICIEST = /\b(priciest|most expensive|highest[- ]priced|biggest|top|premium)\b/i;
const CHEAPER = /\b(cheaper|less expensive|lower[- ]priced|more affordable|smaller|cheap one|budget)\b/i;
const PRICIER = /\b(pricier|more expensive|higher[- ]priced|bigger|expensive one)\b/i;

/**
 * "The priciest one?" after the plans, "and the cheaper one?" after one plan's price: the priced
 * item of the same list that is dearest, cheapest, or the next one down or up from the one shown.
 */
function byPrice(question: string, shown: AnswerUnit[], unseen: AnswerUnit[]): AnswerUnit | undefined {
  const wants = CHEAPEST.test(question)
    ? 'min'
    : PRICIEST.test(question)
      ? 'max'
      : CHEAPER.test(question)
        ? 'lower'
        : PRICIER.test(question)
          ? 'higher'
          : undefined;
  if (!wants) return undefined;
  const priced = [...shown, ...unseen]
    .filter((unit) => unit.isListItem && amountOf(unit) !== undefined)
    .sort((a, b) => amountOf(a)! - amountOf(b)!);
  if (priced.length < 2) return undefined;
  const shownPriced = priced.filter((unit) => shown.includes(unit));
  if ((wants === 'lower' || wants === 'higher') && shownPriced.length === 1) {
    const at = priced.indexOf(shownPriced[0]!);
    return priced[wants === 'lower' ? at - 1 : at + 1];
  }
  return wants === 'min' || wants === 'lower' ? priced[0] : priced.at(-1);
}

/** The first amount of money a unit states ("$59 per month" gives 59). */
function amountOf(unit: AnswerUnit): number | undefined {
  const match = /[$€£]\s?(\d[\d,]*)/.exec(unit.text);
  return match ? Number(match[1]!.replace(/,/g, '')) : undefined;
}

/** The plain list items of a reply ("- B.S. in Computer Science, …"), without their dash. */
function listedLines(reply: string): string[] {
  return [...reply.matchAll(/^\s*[-*]\s+(?!\*\*)(.+)$/gm)].map((match) => match[1]!.trim());
}

// The words that only point at an item: "and the cheaper one, what's special about it?"
const REFERENCE_WORDS = new Set(
  meaningfulTerms(
    'cheap cheaper cheapest pricier priciest expensive affordable smaller bigger top premium budget special one ones hmm',
  ),
);

/** Whether a follow-up asks something of its own besides pointing at an item ("how long can each call be?"). */
function asksBeyondReference(question: string): boolean {
  return meaningfulTerms(question).some((term) => !REFERENCE_WORDS.has(term));
}
