import type { ProfileFile } from '../../../../shared/content';
import { hasContactIntent } from '../../chat/contact-intent';
import type { ChatTurn, ReplyChannel } from '../chat-model';
import { isCaseStudy, type KnowledgeIndex } from '../knowledge-index';
import { countWords, isFramingTerm, meaningfulTerms } from '../text-terms';
import { introduce, nearestTopic } from './answer';
import { asksAboutProjects } from './answer-clause';
import { isGenericHead } from './asked-for';
import type { OwnerCalendar } from './answer-day';
import { answerQuestion } from './answer-question';
import { correctSpelling } from './correct-spelling';
import { findFollowUp } from './follow-up';
import { detectLanguage } from './language';
import { asksForOthersData, declineOthersData } from './others-data';
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
import { setInstructionsAside } from './planted-instructions';
import { projectsInBrief } from './render';
import { hasAmount, isPriceTerm } from './prefer-units';
import { withDigits, withYes } from './reply-wording';
import { understandMessage, type VisitorMessage } from './understand-message';

// The offline clone: answers from content/ in the owner's own words. Code chooses which
// sentences answer the question; every fact comes from the content files (and the site's own
// generated knowledge), none from here.

export interface OfflineReply {
  text: string;
  /** False when the clone said it does not know (the owner's to-do list). */
  isAnswered: boolean;
}

/** Answers about projects longer than this are told in brief beside the invitation to book. */
const CONTACT_ANSWER_WORDS = 70;

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
  const earlierQuestions = userTurns
    .slice(0, -1)
    .map((turn) => turn.content)
    .reverse();
  const options = { channel, calendar, previousReply, earlierQuestions };
  const found =
    message.kind === 'identity'
      ? introduce(profile, index)
      : (answerQuestion(message, followUp, index, profile, options) ??
        answerWithQuestionBefore(message, earlierQuestions[0], index, profile, options));
  // "How can I contact you about a project?" wants the invitation, not the portfolio.
  // With the invitation, a project's whole story is too much: its outcome in a line says it.
  const brief =
    wantsContact && found?.topic === 'projects' && countWords(found.text) > CONTACT_ANSWER_WORDS
      ? projectsInBrief(found.text, index.caseStudies)
      : undefined;
  const answer =
    wantsContact && found?.isOverview ? undefined : found && { ...found, text: brief ?? found.text };

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
  // A list or a card starts on a line of its own after the greeting.
  const greeting = /^(- |\*\*)/.test(text) ? 'Hi!\n\n' : 'Hi! ';
  return answered(message.hasGreeting && language === 'en' ? `${greeting}${text}` : text);
}

/** Words in a short follow-up that lean on the question before: "which dates exactly?" */
const SHORT_FOLLOW_UP_WORDS = 5;

/**
 * "You take days off in November?" … "which dates exactly?": a short question the clone cannot
 * answer alone is asked again together with the visitor's question before it.
 */
function answerWithQuestionBefore(
  message: VisitorMessage,
  before: string | undefined,
  index: KnowledgeIndex,
  profile: ProfileFile,
  options: Parameters<typeof answerQuestion>[4],
) {
  if (!before || message.kind !== 'question' || countWords(message.question) > SHORT_FOLLOW_UP_WORDS)
    return undefined;
  // "When did you earn them?" asks something new of its own; "which dates exactly?" does not.
  const ownTopics = meaningfulTerms(message.query).filter(
    (term) => !isGenericHead(term) && !isFramingTerm(term),
  );
  if (ownTopics.length > 0 || /^\W*when\b/i.test(message.question)) return undefined;
  const together = understandMessage(`${readAsMeant(before, index)} ${message.question}`, firstName(profile));
  return answerQuestion(together, undefined, index, profile, { ...options, earlierQuestions: [] });
}

/** An English message with its typing slips read as the words meant; other languages as written. */
function readAsMeant(text: string, index: KnowledgeIndex): string {
  // Marks English never uses ("¿", "ñ", "ß") keep a short question the detector doubts as written.
  const isSurelyForeign = /[¿¡ñßüöäçèêàù]/i.test(text);
  return !isSurelyForeign && detectLanguage(text) === 'en' ? correctSpelling(text, index) : text;
}
