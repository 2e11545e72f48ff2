import type { ProfileFile } from '../../../../shared/content';
import { hasContactIntent } from '../../chat/contact-intent';
import type { AnswerUnit, UnitSearch } from '../answer-units';
import type { ChatTurn, ReplyChannel } from '../chat-model';
import { isCaseStudy, type KnowledgeIndex, type Passage } from '../knowledge-index';
import { isFramingTerm, isProjectWord, meaningfulTerms } from '../text-terms';
import { fromUnits, introduce, nearestTopic, summarise, type Answer } from './answer';
import { answerFollowUp } from './answer-follow-up';
import { answersWhatIsAsked } from './asked-for';
import { withPrices } from './answer-prices';
import { askedPart, asksForField, chooseProjects } from './answer-projects';
import { correctSpelling } from './correct-spelling';
import { findFollowUp, type FollowUp } from './follow-up';
import {
  ASKS_WHEN_IN_PAST,
  findUnits,
  focusTerms,
  hasAmount,
  isPriceTerm,
  coverage,
  isSpecific,
  MAX_NARROW_UNITS,
  namesSomethingUnknown,
  pickUnits,
  preferCaseStudies,
  preferDates,
  preferNames,
  preferPrices,
} from './select-units';
import {
  admitNotKnowing,
  declineInstructions,
  firstName,
  greet,
  inviteToBook,
  offerCall,
  openInLanguage,
  sayGoodbye,
  thank,
} from './phrases';
import { projectOverview } from './render';
import { detectLanguage } from './language';
import { setInstructionsAside } from './planted-instructions';
import { expandQuery, understandMessage, type VisitorMessage } from './understand-message';

// The offline clone: answers from content/ in the owner's own words. Code chooses which
// sentences answer the question; every fact comes from the content files (and the site's own
// generated knowledge), none from here.

export interface OfflineReply {
  text: string;
  /** False when the clone said it does not know (the owner's to-do list). */
  isAnswered: boolean;
}

const BROAD_PROJECTS =
  /\b((what|which) (kinds? |types? |sorts? )?of (ai |genai |enterprise )?(solutions|projects|systems|work|clients|things)|(what|which) (solutions|projects|systems|clients)|(your|some|recent|past|previous|notable|example|best|biggest|largest|favou?rite|proudest|most \w+) (projects?|work|clients|solutions)(?! (wraps?|ends?|finish\w*|goes|go|runs?|is over|are over|starts?|begins?))|case stud\w*|portfolio|examples? of|(have you|did you|you've|ever) (ever )?(built|delivered|done|worked on|helped|automated|solved)|worked on|built for|\b(any )?experi\w*nce (with|in|w) (banks?|insurers?|insurance|hospitals?|healthcare|manufactur\w*|fintechs?|retail|legal)|proyectos|projekte|projets)\b/;

/** Answers longer than this end without offering a call. */
const PITCH_MAX_WORDS = 50;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

// "The second one", "the cheaper one": where a follow-up points at an item of the previous reply.
const ORDINAL_PHRASE =
  /\b(the )?(first|second|third|fourth|fifth|sixth|seventh|last|1st|2nd|3rd|4th|5th|cheap(er|est)?|pricier|priciest|(most|least|more|less) expensive|(most|more) affordable|smaller|smallest|bigger|biggest)( one| item| plan| option| of (them|those))?\b/i;

export function composeOfflineReply(
  history: ChatTurn[],
  profile: ProfileFile,
  index: KnowledgeIndex,
  { channel = 'chat' }: { channel?: ReplyChannel } = {},
): OfflineReply {
  const userTurns = history.filter((turn) => turn.role === 'user');
  let message = understandMessage(readAsMeant(userTurns.at(-1)?.content ?? '', index), firstName(profile));
  const { language } = message;
  const answered = (text: string): OfflineReply => ({ text, isAnswered: true });

  switch (message.kind) {
    case 'greeting':
      return answered(greet(profile, userTurns.length <= 1, language));
    case 'thanks':
      return answered(thank(language));
    case 'goodbye':
      return answered(sayGoodbye(profile, channel, language));
    case 'injection': {
      // Planted instructions are not followed; what they were about is answered from the content.
      const truth = answerQuestion(message, undefined, index, profile);
      if (!truth) return { text: declineInstructions(language), isAnswered: false };
      return answered(`${declineInstructions(language, { hasAnswer: true })}\n\n${truth.text}`);
    }
    default:
  }

  const wantsContact = hasContactIntent(message.original, profile.name);
  const previousReply = [...history].reverse().find((turn) => turn.role === 'assistant')?.content ?? '';
  let followUp = findFollowUp(message, history, index);
  // "How much is the first one?" after the services: the price of that service, wherever it is.
  const unit = followUp?.referencedUnit;
  if (followUp && unit?.key && !hasAmount(unit) && meaningfulTerms(message.query).some(isPriceTerm)) {
    followUp = { ...followUp, referencedUnit: undefined, referencedItem: unit.key };
  }
  // "Any projects in the last one?" asks about the item that place of the previous list names.
  if (followUp?.referencedItem) {
    const item = followUp.referencedItem;
    message = understandMessage(
      message.question.replace(ORDINAL_PHRASE, ` ${item} `).replace(/\s+/g, ' ').trim(),
      firstName(profile),
    );
    followUp = undefined;
  }
  const found =
    message.kind === 'identity'
      ? introduce(profile, index)
      : answerQuestion(message, followUp, index, profile);
  // "How can I contact you about a project?" wants the invitation, not the portfolio.
  const answer = wantsContact && found?.isOverview ? undefined : found;

  const parts: string[] = [];
  // Instructions planted beside the question are declined in a sentence, then the question answered.
  if (answer && message.hasInjection) parts.push(setInstructionsAside(language));
  if (answer && language !== 'en') parts.push(openInLanguage(answer.topic, language, profile));
  if (answer) parts.push(answer.text);
  // How to book, when that was the answer, is the invitation already.
  if (wantsContact && answer?.topic !== 'booking') parts.push(inviteToBook(profile, channel, language));
  if (parts.length === 0) {
    return {
      text: admitNotKnowing(message.question, nearestTopic(message, index), language),
      isAnswered: false,
    };
  }
  const pitchedLately = /schedule call|book a call/i.test(previousReply);
  // An answer that already says how to book needs no pitch after it.
  const saysHowToBook = /schedule call|book(ing)? a (phone )?call/i.test(answer?.text ?? '');
  // A long answer on screen is enough to read: the pitch goes with short ones. By voice, where
  // no button is in sight, the caller still hears where to book.
  const isLong = channel === 'chat' && wordCount(parts.join(' ')) > PITCH_MAX_WORDS;
  if (answer?.isSalesTopic && !wantsContact && !pitchedLately && !saysHowToBook && !isLong)
    parts.push(offerCall(message.question, channel));
  const text = parts.join('\n\n');
  return answered(message.hasGreeting && language === 'en' ? `Hi! ${text}` : text);
}

/** An English message with its typing slips read as the words meant; other languages as written. */
function readAsMeant(text: string, index: KnowledgeIndex): string {
  return detectLanguage(text) === 'en' ? correctSpelling(text, index) : text;
}

function answerQuestion(
  message: VisitorMessage,
  followUp: FollowUp | undefined,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  if (followUp?.referenced) return summarise(followUp.referenced, message, index);
  if (followUp?.referencedUnit) return fromUnits([followUp.referencedUnit], message);
  if (followUp?.wantsMore) {
    const rest = followUp.unseen.slice(0, MAX_NARROW_UNITS);
    if (rest.length > 0) return fromUnits(rest, message);
  }
  if (followUp) {
    const units = answerFollowUp(message, followUp, index);
    if (units) return fromUnits(units, message);
  }

  // "Could you be ours a few days a month, and what would that cost?": a clause that only asks the
  // price of "that" asks it of the clause before.
  const clauses = splitQuestions(message.question).map((clause, position, all) => {
    const query = expandQuery(clause, message.language).query;
    const previous = position > 0 ? expandQuery(all[position - 1]!, message.language).query : '';
    return previous && asksOnlyPrice(clause, query) ? `${previous} ${query}` : query;
  });
  // "Do you have a dog? What's its name?": a clause pointing back at one the clone could not
  // answer is not answered on its own.
  const answers: Answer[] = [];
  let previousAnswered = true;
  for (const [position, clause] of clauses.entries()) {
    const pointsBack = position > 0 && /\b(its|their|his|her|it|that|those|them)\b/i.test(clause);
    const answer: Answer | undefined =
      pointsBack && !previousAnswered ? undefined : answerClause(clause, message, index, profile);
    previousAnswered = answer !== undefined;
    if (answer) answers.push(answer);
  }
  if (answers.length === 0) return undefined;
  const unique = answers.filter(
    (answer, position) => answers.findIndex((other) => other.text === answer.text) === position,
  );
  return {
    text: unique.map((answer) => answer.text).join('\n\n'),
    topic: unique[0]!.topic,
    isSalesTopic: unique.some((answer) => answer.isSalesTopic),
    isOverview: unique.every((answer) => answer.isOverview),
  };
}

/** The projects a question about projects asks for, as the overview or their summaries. */
function answerAboutProjects(
  query: string,
  message: VisitorMessage,
  search: UnitSearch,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  const choice = chooseProjects(focusTerms(query, message), message.names, search, index, profile);
  if (!choice) return undefined;
  const part = choice.studies.length === 1 && partAsked(choice.studies[0]!, query, message, index);
  if (part) return fromUnits([part], message);
  if (choice.summarise) {
    const summaries = choice.studies.map((study) => summarise(study, message, index));
    return { ...summaries[0]!, text: summaries.map((summary) => summary.text).join('\n\n') };
  }
  return {
    text: projectOverview(profile, choice.studies, choice.lead),
    topic: 'projects',
    isSalesTopic: true,
    isOverview: true,
  };
}

function asksOnlyPrice(clause: string, query: string): boolean {
  if (!/\b(that|it|this|those|these|them|quel|quelle|cual|welche[nrs]?|was)\b/i.test(clause)) return false;
  const terms = meaningfulTerms(query);
  return terms.some(isPriceTerm) && terms.every((term) => isPriceTerm(term) || isFramingTerm(term));
}

/**
 * The words a reply must match to count as an answer: not those a phrase stood for that the
 * content never uses ("charge": the phrase's "rates" answers for it), nor where the visitor is
 * ("we sit in Berlin").
 */
function termsToMatch(search: UnitSearch, message: VisitorMessage): UnitSearch {
  const understood = new Set(message.understood);
  const terms = search.terms.filter((term) => !understood.has(term) || search.isKnown(term));
  return terms.length > 0 ? { ...search, terms } : search;
}

function answerClause(
  query: string,
  message: VisitorMessage,
  index: KnowledgeIndex,
  profile: ProfileFile,
): Answer | undefined {
  const search = preferNames(
    preferDates(
      preferCaseStudies(preferPrices(termsToMatch(findUnits(index, query), message)), query),
      query,
    ),
    query,
  );
  const asksForProjects =
    !/\bhow many\b|\bdelivered enterprise solutions\b/.test(query) &&
    (BROAD_PROJECTS.test(query.toLowerCase()) ||
      (message.language !== 'en' &&
        /^(project|built)( (project|built))*$/.test(meaningfulTerms(message.focus).join(' ')) &&
        // "Which language models do you use in your projects?" asks for the models.
        !meaningfulTerms(message.query).some((term) => /^(llm|model|stack|tool|cloud)/.test(term))));
  if (asksForProjects && index.caseStudies.length > 0) {
    const projects = answerAboutProjects(query, message, search, index, profile);
    if (projects) return projects;
  }
  const confident = pickUnits(index, search, { names: message.names });
  // The price words a phrase stood for count ("what would that run us?").
  const picked = withPrices(confident, search, index, meaningfulTerms(query));
  if (!picked) return answerFromNearest(query, message, search, index);
  if (!answersWhatIsAsked(message.question, picked)) return undefined;
  if (!confident) return fromUnits(picked, message);
  const lead = picked[0]!;
  // "On these days I don't work:" says nothing without its list.
  if (!lead.isListItem && lead.text.endsWith(':')) return summarise(lead.passage, message, index);
  const sectionText = index.units.units
    .filter((unit) => unit.passage === lead.passage)
    .map((unit) => unit.text)
    .join(' ');
  // A project described rather than asked about ("have you automated claims e-mails?") gets its
  // summary; its client, problem, solution, stack or outcome only when the question asks for it.
  // "What year did you go freelance?" is answered by the one line that dates it.
  // The sentence that matched, when the one before it leads ("That usually means…").
  const leadHit = (search.hits.find((hit) => hit.unit === lead) ??
    search.hits.find((hit) => picked.includes(hit.unit)))!;
  if (leadHit.isPreferred && ASKS_WHEN_IN_PAST.test(query)) return fromUnits([lead], message);
  // "How many contracts…?": the part of the project that says the number asked about.
  if (isCaseStudy(lead.passage) && lead.key && /\bhow (many|much)\b/i.test(message.question)) {
    return fromUnits([lead], message);
  }
  const part = isCaseStudy(lead.passage) && partAsked(lead.passage, query, message, index);
  if (part) return fromUnits([part], message);
  if (isCaseStudy(lead.passage) && lead.key && !asksForField(lead.key, search.terms)) {
    return summarise(lead.passage, message, index);
  }
  // A sentence lifted for what the question asks (an amount, a date, the names) is the answer;
  // a list item so lifted still brings its list when the question names the whole section.
  if (
    !(leadHit.isPreferred && !lead.isListItem) &&
    !isSpecific(leadHit, focusTerms(query, message), sectionText, {
      // In English a question whose words all stood for a phrase is judged by the phrase's words;
      // in another language the lexicon's words are all there is (cognates do not count).
      fallback: message.language === 'en' ? search.terms : [],
    })
  ) {
    const half = halfOfTitle(lead.passage, search, index);
    return half.length > 0 ? fromUnits(half, message) : summarise(lead.passage, message, index);
  }
  return fromUnits(picked, message);
}

/**
 * "What certifications do you have?" under "Education and certifications" asks for one half of
 * the section: the list items that say the half's word, when the question names only that half.
 */
function halfOfTitle(passage: Passage, search: UnitSearch, index: KnowledgeIndex): AnswerUnit[] {
  if (isCaseStudy(passage)) return [];
  const halves = passage.title.split(/\s+and\s+/i).map((half) => meaningfulTerms(half));
  if (halves.length !== 2 || halves.some((half) => half.length === 0 || half.length > 2)) return [];
  const asked = halves.filter((half) => half.some((term) => search.terms.includes(term)));
  if (asked.length !== 1) return [];
  const items = index.units.units.filter((unit) => unit.passage === passage && unit.isListItem);
  const words = new Set(asked[0]);
  const found = items.filter((unit) => meaningfulTerms(unit.text).some((term) => words.has(term)));
  return found.length < items.length ? found : [];
}

/**
 * "How can we work together, and what are your rates?" asks two things: each gets its answer.
 * "When a project wraps up, what do you leave behind?" asks one.
 */
function splitQuestions(question: string): string[] {
  const parts = question
    .split(
      /\?|;|,?\s+\b(?:and|also|plus|or)\s+(?=(?:what|how|where|when|do|does|are|can|is|which|who|will|would)\b)|,?\s+\bor\s+(?=(?:per|by|on|in|over|at)\b)|(?<=^\s*(?:what|how|where|which|who|do|does|are|is|can)\b[^,]*),\s+(?=(?:what|how|where|when|which|who)\b)/i,
    )
    .map((part) => part.trim())
    .filter((part) => meaningfulTerms(part).length > 0);
  return parts.length > 1 ? parts.slice(0, 3) : [question];
}

/** "Have you ever…", "any experience…", "how do you handle…": a question about the owner's own work. */
const ASKS_ABOUT_OWN_WORK =
  /\b(have you|had you|did you|you've|ever|any experience|experience (with|in|bringing|cutting|reducing|making|getting)|anything (in|on|for|like|with)|track record|how do you (handle|deal|approach|keep|make sure|ensure|protect|stop|prevent|avoid|tackle|manage)|what do you do (about|with|for)|what('s| is) your (approach|take|process)|can you (also )?(handle|do|help|take on))\b/i;
const MIN_NEAREST_COVERAGE = 0.25;

/**
 * A question about the owner's own work that matched too little to be sure, whose nearest section
 * still says a good part of it ("Have you ever cut how many tickets a support team handles?" and
 * the support copilot): that section is the answer, summarised, rather than a refusal that names it.
 */
function answerFromNearest(
  query: string,
  message: VisitorMessage,
  search: UnitSearch,
  index: KnowledgeIndex,
): Answer | undefined {
  if (!ASKS_ABOUT_OWN_WORK.test(message.question)) return undefined;
  const best = search.hits[0];
  if (!best || namesSomethingUnknown(search, message.names)) return undefined;
  const section = search.hits.filter((hit) => hit.unit.passage === best.unit.passage);
  if (coverage(section, search) < MIN_NEAREST_COVERAGE) return undefined;
  // Two of the question's own topic words, one as written: "books" near "booking" is no answer.
  const topical = (term: string) => !isFramingTerm(term) && !isProjectWord(term);
  const matched = new Set(
    section.flatMap((hit) => [...hit.matchedTerms, ...hit.relatedMatches]).filter(topical),
  );
  const exact = section.some((hit) => hit.exactTerms.some(topical));
  if (matched.size < 2 || !exact) return undefined;
  return summarise(best.unit.passage, message, index);
}

/**
 * The one part of a case study ("who was the client?", "how did you build it?") the question asks
 * for, when it names the project ("the support copilot") rather than happens to match it.
 */
function partAsked(
  study: Passage,
  query: string,
  message: VisitorMessage,
  index: KnowledgeIndex,
): AnswerUnit | undefined {
  const focus = focusTerms(query, message);
  const titleTerms = meaningfulTerms(study.title).filter((term) => !isProjectWord(term));
  if (!focus.some((term) => titleTerms.includes(term))) return undefined;
  const part = askedPart(focus, message.question);
  return part
    ? index.units.units.find((unit) => unit.passage === study && unit.key?.toLowerCase() === part)
    : undefined;
}
