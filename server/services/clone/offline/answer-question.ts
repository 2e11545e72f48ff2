import type { ProfileFile } from '../../../../shared/content';
import { hasContactIntent } from '../../chat/contact-intent';
import type { ReplyChannel } from '../chat-model';
import { isCaseStudy, type KnowledgeIndex } from '../knowledge-index';
import { countWords, isFramingTerm, meaningfulTerms } from '../text-terms';
import { fromUnits, summarise, type Answer } from './answer';
import { answerClause } from './answer-clause';
import { answerBookingWindow } from './answer-booking-window';
import { answerDay, type OwnerCalendar } from './answer-day';
import { answerFollowUp } from './answer-follow-up';
import { answerNameAsked } from './answer-name';
import { answerNamedPlan, answerPlanBeside, answerPlanForAmount, comparePlans } from './answer-plan';
import { askedPart, partOfStudy } from './answer-projects';
import { answerSum } from './answer-sum';
import { answerTime } from './answer-time';
import { answerOtherZone } from './answer-zone';
import { answersCount, answersWhen } from './asked-for';
import type { FollowUp } from './follow-up';
import { hasAmount, isPriceTerm } from './prefer-units';
import { focusTerms, MAX_NARROW_UNITS } from './select-units';
import {
  asksOnlyHowLongOrMuch,
  asksOnlyPrice,
  asksWhatItCosts,
  HOW_LONG_OR_MUCH,
  saysPrice,
  splitQuestions,
} from './split-questions';
import { expandQuery, type VisitorMessage } from './understand-message';

// A visitor's question answered from the content: a follow-up against the previous turn, or each
// of the questions one message asks ("how long does it take, and what does it cost?") in turn.

export function answerQuestion(
  message: VisitorMessage,
  followUp: FollowUp | undefined,
  index: KnowledgeIndex,
  profile: ProfileFile,
  {
    channel,
    calendar,
    earlierQuestions = [],
    previousReply = '',
  }: {
    channel: ReplyChannel;
    calendar?: OwnerCalendar;
    earlierQuestions?: string[];
    previousReply?: string;
  },
): Answer | undefined {
  const fromPrevious =
    comparePlans(message.question, previousReply, channel) ??
    answerSum(message.question, previousReply, index) ??
    answerPlanBeside(message.question, previousReply, channel) ??
    answerNameAsked(message.question, previousReply);
  if (fromPrevious) return fromPrevious;
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
    // Read together, so a phrase spanning both is understood ("travel…, and who pays for it?").
    const leansBack =
      POINTS_BACK.test(clause) &&
      countWords(clause) <= 5 &&
      meaningfulTerms(clause).filter((term) => !isFramingTerm(term)).length <= 1;
    if (previous && (asksOnlyPrice(clause, query, message.language) || leansBack))
      return expandQuery(`${all[position - 1]!} ${clause}`, message.language).query;
    if (!asksOnlyHowLongOrMuch(query)) return query;
    // "Is the intro call free, and how long is it?": "it" is the clause before's subject.
    const next = POINTS_BACK.test(clause) && previous ? all[position - 1] : all[position + 1];
    if (!next) return query;
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
    // "¿Qué incluye el plan Professional y cuánto cuesta?": the plan's answer gave its price.
    const asksItsPrice =
      asksWhatItCosts(sentence) ||
      asksOnlyPrice(sentence, expandQuery(sentence, message.language).query, message.language);
    if (position > 0 && asksItsPrice && saysPrice(answers)) continue;
    const pointsBack = position > 0 && POINTS_BACK.test(clause);
    const day =
      calendar &&
      // "You're off over the holidays, right? When are you back?": the sentences before count too.
      answerDay(sentence, message.language, calendar, {
        channel,
        earlierQuestions: [...sentences.slice(0, position).reverse(), ...earlierQuestions],
      });
    const time = calendar && (answerOtherZone(sentence, calendar) ?? answerTime(sentence, calendar, channel));
    const answer: Answer | undefined =
      (calendar && answerBookingWindow(sentence, calendar, channel)) ||
      answerPlanForAmount(sentence, channel) ||
      answerNamedPlan(sentence, channel) ||
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
  const asked = answers.some((answer) => !answer.isAboutVisitor)
    ? answers.filter((answer) => !answer.isAboutVisitor)
    : answers;
  if (asked.length === 0) return undefined;
  // Each line said once: the second question's answer may repeat the first's ("what arrangement
  // do you offer, and what does it run?" brings the retainer's line again beside its price).
  let said = '';
  const lineKey = (line: string) => line.replace(/^- /, '').trim();
  const unique = asked.flatMap((answer) => {
    const lines = answer.text.split('\n');
    const fresh = lines.filter((line) => !line.trim() || !said.includes(lineKey(line)));
    if (!fresh.some((line) => line.trim())) return [];
    said += `\n${answer.text}`;
    const text = fresh.join('\n').trim();
    // A list of one left is a sentence.
    return [{ ...answer, text: text.includes('\n') ? text : text.replace(/^- /, '') }];
  });
  return {
    text: unique.map((answer) => answer.text).join('\n\n'),
    topic: unique[0]!.topic,
    isSalesTopic: unique.some((answer) => answer.isSalesTopic),
    isOverview: unique.every((answer) => answer.isOverview),
  };
}

/** "It", "that one", "their": a clause that points back at another. */
const POINTS_BACK = /\b(it|its|that|this|they|them|their|those|these|his|her)\b/i;

const SAYS_WHO_VISITOR_IS = /^\W*(i'?m|i am|we'?re|were|we are)\s+(a|an)\b[^.!?]*[.!]?\s*$/i;

/** Whether earlier answers say every word a clause is about. */
function isSaidIn(clause: string, answers: Answer[]): boolean {
  const topics = meaningfulTerms(clause).filter((term) => !isFramingTerm(term));
  const said = new Set(meaningfulTerms(answers.map((answer) => answer.text).join(' ')));
  return answers.length > 0 && topics.length > 0 && topics.every((term) => said.has(term));
}
