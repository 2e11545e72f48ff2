import { isWeekend, parseISO } from 'date-fns';
import { getOwnerDate, isDayOff } from '../../../../shared/booking-time';
import type { OwnerCalendar } from './answer-day';
import { findAskedDays } from './find-asked-days';
import { detectLanguage } from './language';

const WEEKEND =
  /\b(saturdays?|sundays?|weekends?|s[aá]bados?|domingos?|fines? de semana|samstags?|sonntags?|wochenenden?|samedis?|dimanches?|week-ends?)\b/i;
const HAS_PURPOSE =
  /\b(about|regarding|to (talk|discuss|go over|review|chat)|for (a|an|our|my) (project|pilot|assessment|workshop)|sobre|para hablar|[üu]ber|pour parler|concernant)\b/i;

/**
 * "Can I book a call on Saturday?", "…on December 25?", "…on Friday, July 3, 2026?" (passed): a
 * booking question whose every named day can never be booked (passed, a weekend, a day off) asks
 * how booking works. The reply says why; the booking form, which offers only bookable days, stays
 * closed.
 */
export function namesOnlyUnbookableDays(message: string, calendar: OwnerCalendar): boolean {
  // "…to talk about automating our claims intake?", "I want to bring you in. Can we do Thursday?":
  // a call wanted for a purpose is wanted on another day too.
  if (HAS_PURPOSE.test(message) || /(?<!\d)[.!?]\s+\S/.test(message.trim())) return false;
  const today = getOwnerDate(calendar.now(), calendar.ownerTimeZone);
  const { daysOff } = calendar.limits;
  const days = findAskedDays(message, detectLanguage(message), today, daysOff);
  // "For a Saturday": any of them.
  if (days.length === 0)
    return WEEKEND.test(message) && !/\b(not|except|besides|other than|but)\b/i.test(message);
  return days.every((day) => day < today || isWeekend(parseISO(day)) || isDayOff(day, daysOff));
}
