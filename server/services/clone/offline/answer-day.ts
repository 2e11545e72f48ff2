import { format, isWeekend, parseISO } from 'date-fns';
import type { SlotLimits } from '../../../../shared/booking';
import { firstWorkingDayAfter, getOwnerDate, listBookableDates } from '../../../../shared/booking-time';
import type { DayOff } from '../../../../shared/availability';
import type { ReplyChannel } from '../chat-model';
import type { Answer } from './answer';
import { findAskedDays, findDayOffByNote, findWellKnownDay, HOLIDAY_SEASON } from './find-asked-days';
import type { Language } from './language';

// "Could we talk on December 28?", "are you working the day after Thanksgiving?", "¿estás libre el
// 28 de diciembre?": a question about one day is answered from the owner's calendar (days off,
// weekends, the booking window), not from whichever sentence shares its words.

/** What the clone needs to answer for a day: the owner's zone, days off and notice, and the clock. */
export interface OwnerCalendar {
  ownerTimeZone: string;
  limits: Omit<SlotLimits, 'daysOff'> & { daysOff: readonly DayOff[] };
  now: () => Date;
}

// The question is about the owner's time, not a project's start date or a deadline.
const ASKS_ABOUT_TIME =
  /\b(available|availability|free|open|work\w*|off|around|reach\w*|call\w*|talk\w*|speak\w*|meet\w*|chat|book\w*|schedul\w*|slots?|holidays?|vacation|in the office|cong[eé]s?|vacances|vacaciones|urlaub|ferien|disponibles?|libres?|trabaj\w*|llam\w*|habl\w*|reuni\w*|zeit|verf[uü]gbar|erreichbar|arbeit\w*|anruf\w*|termin\w*|sprech\w*|telefon\w*|frei|buchen|buchbar|gespr[aä]ch\w*|reserv\w*|r[eé]serv\w*|agend\w*|cita|travaill\w*|appel\w*|parl\w*|rendez-vous|joignable)\b/i;
const ASKS_ABOUT_SOMETHING_ELSE = /\b(start|begin|kick ?off|deliver|deadline|launch|finish|due|go live)\b/i;
// "When is your winter break?" asks for the dates of a day off rather than about a date.
// ("Can I pick the 26th when I book?" asks about a date: "when" there opens no question.)
const ASKS_WHEN =
  /^\W*(\w+\W+){0,2}(when|cu[aá]ndo|wann|quand)\b|\b(when|cu[aá]ndo|wann|quand)\s+(is|are|do|does|will|was|were|'s|es|est|ist|sind|sera|tomas|nimmst|nehmen|prends|prenez)\b|\b(what dates?|which days?)\b/i;

/**
 * The answer for the one day a clause asks about, or undefined when it names no single day or is
 * not about the owner's time. After questions about a day (`earlierQuestions`, latest first), "and
 * December 28?" asks the same of another day.
 */
export function answerDay(
  clause: string,
  language: Language,
  calendar: OwnerCalendar,
  { channel = 'chat', earlierQuestions = [] }: { channel?: ReplyChannel; earlierQuestions?: string[] } = {},
): Answer | undefined {
  if (ASKS_ABOUT_SOMETHING_ELSE.test(clause)) return undefined;
  const now = calendar.now();
  const today = getOwnerDate(now, calendar.ownerTimeZone);
  // "When are you back?" after the winter break: the first working day after it.
  if (ASKS_BACK.test(clause)) {
    const back = answerWhenBack([clause, ...earlierQuestions], today, calendar.limits.daysOff);
    if (back) return back;
  }
  // "When is your winter break?", "any time off over the holidays?": the dates of that time off.
  if (ASKS_WHEN.test(clause) || (HOLIDAY_SEASON.test(clause) && ASKS_ABOUT_TIME.test(clause)))
    return answerWhenOff(clause, today, calendar.limits.daysOff);
  const asksAboutTime = (text: string) =>
    ASKS_ABOUT_TIME.test(text) && !ASKS_ABOUT_SOMETHING_ELSE.test(text) && !ASKS_WHEN.test(text);
  const namesADay = (text: string) =>
    findAskedDays(text, language, today, calendar.limits.daysOff).length > 0;
  // Earlier questions, latest first, that each named a day, one of them asking about the owner's time.
  // ("Which days are you working this week?" then "What about Thursday?" asks of that Thursday.)
  const followsADay = () => {
    for (const earlier of earlierQuestions) {
      const namesWeek = /\b(this|next) week\b|\bwhich days\b/i.test(earlier);
      if (!namesWeek && !namesADay(earlier)) return false;
      if (asksAboutTime(earlier) || (namesWeek && ASKS_ABOUT_TIME.test(earlier))) return true;
    }
    return false;
  };
  if (!asksAboutTime(clause) && !followsADay()) return undefined;
  const days = findAskedDays(clause, language, today, calendar.limits.daysOff);
  if (days.length === 0) return undefined;
  const text = days.map((day) => describeDay(day, today, now, calendar, channel)).join('\n\n');
  return { text, topic: 'availability', isSalesTopic: true };
}

/**
 * "When is your winter break?", "quand êtes-vous en congé pour les fêtes ?": the dates of the day
 * off the clause names by its note or by a holiday inside it.
 */
function answerWhenOff(clause: string, today: string, daysOff: readonly DayOff[]): Answer | undefined {
  const range = findTimeOff(clause, today, daysOff);
  if (!range) return undefined;
  const text =
    range.from === range.to
      ? `${range.note ?? 'That day'} is on ${formatDay(range.from, today)}, one of my days off: I don't work and no call can be booked that day.`
      : `My ${(range.note ?? 'time off').toLowerCase()} runs from ${formatDay(range.from, today)} to ${formatDay(range.to, today)}: I don't work then and no call can be booked. ${describeBack(range, today, daysOff)}`;
  return { text, topic: 'availability', isSalesTopic: true };
}

const ASKS_BACK =
  /\b((you'?re|you are|are you|you be|be|get|getting|coming|come) back|back (to|at|in) (work|the office|your desk)|first (working |work )?day( back)?|return(ing)? (to work|from)|zur[uü]ck|wieder da|de retour|reviens|revenez|vuelves|regresas?|de vuelta)\b/i;

/** "So what's the first working day you're back?": after the time off this or an earlier question names. */
function answerWhenBack(questions: string[], today: string, daysOff: readonly DayOff[]): Answer | undefined {
  for (const question of questions) {
    const range = findTimeOff(question, today, daysOff);
    if (range)
      return { text: describeBack(range, today, daysOff), topic: 'availability', isSalesTopic: true };
  }
  return undefined;
}

function describeBack(range: DayOff, today: string, daysOff: readonly DayOff[]): string {
  const back = formatDay(firstWorkingDayAfter(range.to, daysOff), today);
  const after =
    range.from === range.to
      ? (range.note ?? 'that day off')
      : `my ${(range.note ?? 'time off').toLowerCase()}`;
  return `I'm back on ${back}, the first working day after ${after}.`;
}

/** The day off a clause names by its note or by a holiday inside it. */
function findTimeOff(clause: string, today: string, daysOff: readonly DayOff[]): DayOff | undefined {
  const date = findDayOffByNote(clause, today, daysOff) ?? findWellKnownDay(clause, today);
  return date ? daysOff.find((entry) => entry.from <= date && date <= entry.to) : undefined;
}

function describeDay(date: string, today: string, now: Date, calendar: OwnerCalendar, channel: ReplyChannel) {
  const label = formatDay(date, today);
  const dayOff = calendar.limits.daysOff.find((range) => range.from <= date && date <= range.to);
  // "Were you working on Labor Day?": a past day says whether it was a day off.
  if (date < today) {
    const was = dayOff
      ? `; it was one of my days off${dayOff.note ? ` (${dayOff.note})` : ''}`
      : isWeekend(parseISO(date))
        ? '; it was a weekend day, and I take calls on weekdays only'
        : '';
    return `${capitalise(label)} has already passed${was}.`;
  }
  if (dayOff) {
    const why =
      dayOff.from === dayOff.to
        ? `is one of my days off${dayOff.note ? ` (${dayOff.note})` : ''}`
        : `falls in my ${dayOff.note ? dayOff.note.toLowerCase() : 'time off'} (${formatDay(dayOff.from, today)} to ${formatDay(dayOff.to, today)})`;
    return `${capitalise(label)} ${why}, so I don't work and no call can be booked that day.`;
  }
  if (isWeekend(parseISO(date)))
    return `${capitalise(label)} is a weekend day: I take calls on weekdays only.`;
  const bookable = listBookableDates(now, calendar.ownerTimeZone, calendar.limits);
  if (bookable.includes(date))
    return `I work on ${label}, and a call can be booked that day while a one-hour slot is still free.`;
  const where = channel === 'voice' ? 'on the booking form of my site' : 'in the booking form';
  if (date < (bookable.at(-1) ?? today))
    return `There is no call slot left on ${label}: the next free days are ${where}.`;
  return `I work on ${label}, but calls can be booked only ${bookable.length} working days ahead, so that day is not open yet. Come back closer to it, or write the time that suits you ${where}.`;
}

/** "Monday, December 28", with the year when it is not this year's. */
function formatDay(date: string, today: string): string {
  const parsed = parseISO(date);
  return format(parsed, date.slice(0, 4) === today.slice(0, 4) ? 'EEEE, MMMM d' : 'EEEE, MMMM d, yyyy');
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
