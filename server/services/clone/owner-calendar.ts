import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';

/**
 * The owner's days off, notice and zone: what the offline clone answers "are you free on…?" from.
 * The return type is inferred (it is offline/answer-day's OwnerCalendar): naming it here would
 * make this module, re-exported by the port, import the offline clone.
 */
export function getOwnerCalendar(
  env: Pick<Env, 'OWNER_TIMEZONE' | 'BOOKING_MIN_NOTICE_HOURS'>,
  ownerContent: OwnerContent,
  now: () => Date,
) {
  const limits = { minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS, daysOff: ownerContent.daysOff };
  return { ownerTimeZone: env.OWNER_TIMEZONE, limits, now };
}
