import type { ProfileFile } from '../../../../shared/content';
import { hasContactIntent } from '../../chat/contact-intent';
import type { ChatTurn, ReplyChannel } from '../chat-model';
import type { KnowledgeIndex } from '../knowledge-index';
import { countWords, isFramingTerm, meaningfulTerms } from '../text-terms';
import { fromUnits, introduce, nearestTopic, summarise, type Answer } from './answer';
import { answerClause, asksAboutProjects } from './answer-clause';
import { answerDay, type OwnerCalendar } from './answer-day';
import { answerPlanForAmount } from './answer-plan';
import { answerTime } from './answer-time';
import { answerOtherZone } from './answer-zone';
import { answersCount, answersWhen } from './asked-for';
import { answerFollowUp } from './answer-follow-up';
import { correctSpelling } from './correct-spelling';
import { findFollowUp, type FollowUp } from './follow-up';
import { hasAmount, isPriceTerm } from './prefer-units';
import { focusTerms, MAX_NARROW_UNITS } from './select-units';
import { askedPart, partOfStudy } from './answer-projects';
import { isCaseStudy } from '../knowledge-index';
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
import { detectLanguage } from './language';
import { asksForOthersData, declineOthersData } from './others-data';
import { setInstructionsAside } from './planted-instructions';
import { withDigits, withYes } from './reply-wording';
import {
  asksOnlyHowLongOrMuch,
  asksOnlyPrice,
  asksWhatItCosts,
  HOW_LONG_OR_MUCH,
  saysPrice,
  splitQuestions,
} from './split-questions';
import { expandQuery, understandMessage, type VisitorMessage } from './understand-message';

// The offline clone: answers from content/ in the owner's own words. Code chooses which
// sentences answer the question; every fact comes from the content files (and the site's own
// generated knowledge), none from here.

export interface OfflineReply {
  text: string;
  /** False when the clone said it does not know (the owner's to-do list). */
  isAnswered: boolean;
}

/** Answers longer than this end without offering a call. */
const PITCH_MAX_WORDS = 50;

// "The second one", "the cheaper one": where a follow-up points at an item of the previous reply.
const ORDINAL_PHRASE =
  /\b(the )?(first|second|third|fourth|fifth|sixth|seventh|last|1st|2nd|3rd|4th|5th|cheap(er|est)?|pricier|priciest|(most|least|more|less) expensive|(most|more) affordable|smaller|smallest|bigger|biggest)( one| item| plan| option| of (them|those))?\b/i;

export function composeOfflineReply(
  history: ChatTurn[],
  profile: ProfileFile,
  index: KnowledgeIndex,
  { channel = 'chat', calendar }: { channel?: ReplyChannel; calendar?: OwnerCalendar } = {},
): OfflineReply {
  const userTurns = history.filter((turn) => turn.role === 'user');
  let message = understandMessage(readAsMeant(userTurns.at(-1)?.content ?? '', index), firstName(profile));
  const { language } = message;
  const answered = (text: string): OfflineReply => ({ text, isAnswered: true });

  // Other people's details: declined whatever else the message says or claims.
  if (asksForOthersData(message.original)) return answered(declineOthersData(language));
  switch (message.kind) {
    case 'greeting':
      return answered(greet(profile, userTurns.length <= 1, language));
    case 'thanks':
      return answered(thank(language));
    case 'goodbye':
      return answered(sayGoodbye(profile, channel, language));
    case 'injection': {
      // Planted instructions are not followed; what they were about is answered from the content.
      const truth = answerQuestion(message, undefined, index, profile, { channel, calendar });
      if (!truth) return { text: declineInstructions(language), isAnswered: false };
      return answered(`${declineInstructions(language, { hasAnswer: true })}\n\n${truth.text}`);
    }
    default:
  }

  const wantsContact = hasContactIntent(message.original, profile.name);
  const previousReply = [...history].reverse().find((turn) => turn.role === 'assistant')?.content ?? '';
  let followUp = findFollowUp(message, history, index);
  // "And what have you done for a manufacturer?" after the industries asks for a project.
  if (
    followUp &&
    !followUp.referenced &&
    !followUp.referencedUnit &&
    !followUp.referencedItem &&
    asksAboutProjects(message.query) &&
    !index.passages.some((passage) => followUp!.passageIds.has(passage.id) && isCaseStudy(passage))
  )
    followUp = undefined;
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
      : answerQuestion(message, followUp, index, profile, {
          channel,
          calendar,
          earlierQuestions: userTurns
            .slice(0, -1)
            .map((turn) => turn.content)
            .reverse(),
        });
  // "How can I contact you about a project?" wants the invitation, not the portfolio.
  const answer = wantsContact && found?.isOverview ? undefined : found;

  const parts: string[] = [];
  // Instructions planted beside the question are declined in a sentence, then the question answered.
  if (answer && message.hasInjection) parts.push(setInstructionsAside(language));
  if (answer && language !== 'en') parts.push(openInLanguage(answer.topic, language, profile));
  // The details stay in the content's English; digits read the same in every language.
  if (answer) parts.push(language === 'en' ? withYes(message, answer.text) : withDigits(answer.text));
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
  const isLong = channel === 'chat' && countWords(parts.join(' ')) > PITCH_MAX_WORDS;
  if (answer?.isSalesTopic && !wantsContact && !pitchedLately && !saysHowToBook && !isLong)
    parts.push(offerCall(message.question, channel, language));
  const text = parts.join('\n\n');
  return answered(message.hasGreeting && language === 'en' ? `Hi! ${text}` : text);
}

/** An English message with its typing slips read as the words meant; other languages as written. */
function readAsMeant(text: string, index: KnowledgeIndex): string {
  // Marks English never uses ("¿", "ñ", "ß") keep a short question the detector doubts as written.
  const isSurelyForeign = /[¿¡ñßüöäçèêàù]/i.test(text);
  return !isSurelyForeign && detectLanguage(text) === 'en' ? correctSpelling(text, index) : text;
}

function answerQuestion(
  message: VisitorMessage,
  followUp: FollowUp | undefined,
  index: KnowledgeIndex,
  profile: ProfileFile,
  {
    channel,
    calendar,
    earlierQuestions = [],
  }: { channel: ReplyChannel; calendar?: OwnerCalendar; earlierQuestions?: string[] },
): Answer | undefined {
  // "And on December 28?" after another day: a named day is answered for itself.
  const day =
    followUp &&
    calendar &&
    answerDay(message.question, message.language, calendar, { channel, earlierQuestions });
  if (day) return day;
  if (followUp?.referenced) {
    // "The 4th one, what was the stack?": that part of the case study the list named fourth.
    const study = followUp.referenced;
    const part = isCaseStudy(study) && askedPart(focusTerms(message.query, message), message.question);
    const unit = part && partOfStudy(study, part, index);
    return unit ? fromUnits([unit], message) : summarise(study, message, index);
  }
  // "When did you get the Kubernetes one?": the certification's line says no date.
  if (followUp?.referencedUnit)
    return answersWhen(message.query, [followUp.referencedUnit])
      ? fromUnits([followUp.referencedUnit], message)
      : undefined;
  if (followUp?.wantsMore) {
    const rest = followUp.unseen.slice(0, MAX_NARROW_UNITS);
    if (rest.length > 0) return fromUnits(rest, message);
  }
  if (followUp) {
    const units = answerFollowUp(message, followUp, index);
    // "What would that cost?" after a service without its price: the price line of that service.
    const lead = units?.[0];
    if (
      units &&
      lead?.key &&
      !isCaseStudy(lead.passage) &&
      !units.some(hasAmount) &&
      meaningfulTerms(message.query).some(isPriceTerm)
    ) {
      const priced = answerClause(`${lead.key.toLowerCase()} ${message.query}`, message, index, profile);
      if (priced) return priced;
    }
    // "How many adjusters were using it?": an outcome that counts something else does not answer.
    if (units)
      return answersWhen(message.query, units) && answersCount(message.query, units)
        ? fromUnits(units, message)
        : undefined;
  }

  // "Could you be ours a few days a month, and what would that cost?": a clause that only asks the
  // price of "that" asks it of the clause before.
  // "How long does it take and what does an assessment cost?": a clause that asks only how long
  // or how much borrows its subject from the clause after it.
  const sentences = splitQuestions(message.question);
  const clauses = sentences.map((clause, position, all) => {
    const query = expandQuery(clause, message.language).query;
    const previous = position > 0 ? expandQuery(all[position - 1]!, message.language).query : '';
    if (previous && asksOnlyPrice(clause, query, message.language)) return `${previous} ${query}`;
    const next = all[position + 1];
    if (!next || !asksOnlyHowLongOrMuch(query)) return query;
    const subject = meaningfulTerms(expandQuery(next, message.language).query).filter(
      (term) => !HOW_LONG_OR_MUCH.has(term) && !isPriceTerm(term),
    );
    return `${query} ${subject.join(' ')}`;
  });
  // "Do you have a dog? What's its name?": a clause pointing back at one the clone could not
  // answer is not answered on its own.
  const answers: Array<Answer & { isAboutVisitor: boolean }> = [];
  let previousAnswered = true;
  // "Can you run a workshop for us? Send me a quote.": the invitation answers the request, and the
  // clauses before it are asked their price.
  const quoteAsked = sentences.some(
    (sentence, position) =>
      position > 0 && hasContactIntent(sentence, profile.name) && meaningfulTerms(sentence).some(isPriceTerm),
  );
  for (const [position, rawClause] of clauses.entries()) {
    const clause =
      quoteAsked && !meaningfulTerms(rawClause).some(isPriceTerm) ? `${rawClause} price` : rawClause;
    const sentence = sentences[position] ?? '';
    // "What's your company's name? Who would we contract with?": the first answer says it already.
    if (position > 0 && isSaidIn(clause, answers)) continue;
    // "If it works, let's set it up.": the invitation to book answers it.
    if (position > 0 && hasContactIntent(sentence, profile.name)) continue;
    // "How long is the intro call, and do I have to pay for it?": the first answer said "free".
    if (position > 0 && asksWhatItCosts(sentence) && saysPrice(answers)) continue;
    const pointsBack = position > 0 && /\b(its|their|his|her|it|that|those|them)\b/i.test(clause);
    const day =
      calendar &&
      // "You're off over the holidays, right? When are you back?": the sentences before count too.
      answerDay(sentence, message.language, calendar, {
        channel,
        earlierQuestions: [...sentences.slice(0, position).reverse(), ...earlierQuestions],
      });
    const time = calendar && (answerOtherZone(sentence, calendar) ?? answerTime(sentence, calendar, channel));
    const answer: Answer | undefined =
      answerPlanForAmount(sentence, channel) ||
      (day && time ? { ...day, text: `${day.text} ${time.text}` } : day || time) ||
      (pointsBack && !previousAnswered
        ? undefined
        : // The clause asking how clients are named is answered whatever names the question gives.
          answerClause(
            clause,
            rawClause === 'client names' ? { ...message, names: [] } : message,
            index,
            profile,
          ));
    previousAnswered = answer !== undefined;
    if (answer) answers.push({ ...answer, isAboutVisitor: SAYS_WHO_VISITOR_IS.test(sentence) });
  }
  // "Ever done HIPAA work? We're a healthcare company.": what the visitor says of themselves is
  // context for the question beside it, not a question of its own.
  if (answers.some((answer) => !answer.isAboutVisitor))
    answers.splice(0, answers.length, ...answers.filter((answer) => !answer.isAboutVisitor));
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

const SAYS_WHO_VISITOR_IS = /^\W*(i'?m|i am|we'?re|were|we are)\s+(a|an)\b[^.!?]*[.!]?\s*$/i;

/** Whether earlier answers say every word a clause is about. */
function isSaidIn(clause: string, answers: Answer[]): boolean {
  const topics = meaningfulTerms(clause).filter((term) => !isFramingTerm(term));
  const said = new Set(meaningfulTerms(answers.map((answer) => answer.text).join(' ')));
  return answers.length > 0 && topics.length > 0 && topics.every((term) => said.has(term));
}
