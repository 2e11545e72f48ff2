import type { Env } from '../../env';
import type { OwnerContent } from '../content/load-content';
import type { OwnerCalendar } from './engine/calendar';

/** The owner's days off, notice and zone: what the offline clone answers "are you free on…?" from. */
export function getOwnerCalendar(
  env: Pick<Env, 'OWNER_TIMEZONE' | 'BOOKING_MIN_NOTICE_HOURS'>,
  ownerContent: OwnerContent,
  now: () => Date,
): OwnerCalendar {
  const limits = { minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS, daysOff: ownerContent.daysOff };
  return { ownerTimeZone: env.OWNER_TIMEZONE, limits, now };
}
