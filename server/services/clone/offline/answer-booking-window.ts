import { format, parseISO } from 'date-fns';
import { BOOKING_WINDOW_WEEKDAYS } from '../../../../shared/booking';
import { describeNotice, listBookableDates } from '../../../../shared/booking-time';
import type { ReplyChannel } from '../chat-model';
import type { Answer } from './answer';
import { capitalise, type OwnerCalendar } from './answer-day';

// "When's the earliest I can get a call with you?", "how much notice do you need?", "how far ahead
// can I book?": the booking window read from the owner's calendar today (first and last bookable
// day, the minimum notice), not the booking form's description.

const ABOUT_A_CALL =
  /\b(calls?|book\w*|slots?|meet\w*|talk|speak|schedul\w*|appointments?|llamad\w*|cita|anruf\w*|termine?n?|gespr[aä]ch\w*|buchen|appel\w*|rendez-vous|r[eé]serv\w*)\b/i;
const ASKS_WINDOW = new RegExp(
  [
    // "the earliest day", "the next free slot", "the first available date", "how soon can I get a call"
    String.raw`\b(earliest|soonest|next|first)\b( \w+){0,2} (day|date|slot|opening|appointment)s?\b`,
    String.raw`\bhow soon\b`,
    String.raw`\b(as soon as|asap)\b`,
    // "how far ahead / in advance", "how much notice", "how late can I book", "until when"
    String.raw`\bhow (far|long) (ahead|in advance)\b|\bin advance\b|\bnotice\b|\bhow late\b|\bhow last.minute\b`,
    String.raw`\b(latest|last) (day|date)\b|\buntil when\b|\bsame.day\b`,
    // Spanish, German, French
    String.raw`\bhasta cu[aá]ndo\b|\bcon cu[aá]nta antelaci[oó]n\b|\b(pr[oó]xim[oa]|primer[oa]?) (d[ií]a|fecha|hueco|cita)\b|\bcu[aá]ndo es lo antes\b`,
    String.raw`\bbis wann\b|\bwie (kurzfristig|fr[uü]h|weit im voraus)\b|\bvorlauf\w*\b|\bn[aä]chste[nrs]? (freie[nrs]? )?(tag|termin)\b|\bfr[uü]heste[nrs]? (tag|termin)\b`,
    String.raw`\bjusqu'?\s?[aà] quand\b|\bcombien de temps [aà] l'avance\b|\b(prochain|premier) (jour|cr[eé]neau|rendez-vous)\b|\bau plus t[oô]t\b|\bd[eé]lai\b`,
  ].join('|'),
  'i',
);
// "How soon could you start on the project?" asks about the work, not a call; "how soon does Alex
// confirm it?" about the reply; "the earliest slot in the morning" about a time of day.
const ABOUT_SOMETHING_ELSE =
  /\b(start|begin|kick ?off|deliver\w*|onboard|project|engagement|contract|agreement|confirm\w*|repl\w*|respond\w*|answer\w*|hear back|get back|morning|afternoon|evening|time|hours?|o'?clock|local|zone|ma[nñ]ana|tarde|hora|morgens?|vormittag|nachmittag|uhr|matin|apr[eè]s-midi|heure)\b/i;

// "Can calls be booked on weekends?": no date, just whether weekends are open at all.
const ASKS_WEEKENDS =
  /\b(weekends|(a|the|on) weekend|saturdays|sundays|fines de semana|(el|un) fin de semana|wochenenden?|am wochenende|samstags|sonntags|(le|les|un) week-?ends?|samedis|dimanches)\b/i;

/** The booking window's answer, or undefined when the clause does not ask when a call can be had. */
export function answerBookingWindow(
  clause: string,
  calendar: OwnerCalendar,
  channel: ReplyChannel = 'chat',
): Answer | undefined {
  if (!ABOUT_A_CALL.test(clause)) return undefined;
  const weekends = ASKS_WEEKENDS.test(clause);
  if (!weekends && (!ASKS_WINDOW.test(clause) || ABOUT_SOMETHING_ELSE.test(clause))) return undefined;
  const days = listBookableDates(calendar.now(), calendar.ownerTimeZone, calendar.limits);
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return undefined;
  const day = (date: string) => format(parseISO(date), 'EEEE, MMMM d');
  const where = channel === 'voice' ? 'the booking form of my site' : 'the booking form';
  const text = weekends
    ? `I take calls on weekdays only, Monday to Friday, so no call can be booked on a weekend. The earliest day you can book is ${day(first)}.`
    : `The earliest day you can book a call with me is ${day(first)}. ` +
      `${capitalise(where)} offers the next ${BOOKING_WINDOW_WEEKDAYS} weekdays I work, through ${day(last)}, ` +
      `and a call must be booked at least ${describeNotice(calendar.limits.minNoticeHours)} ahead.`;
  return { text, topic: 'booking', isSalesTopic: true };
}
