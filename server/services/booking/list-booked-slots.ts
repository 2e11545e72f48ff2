import {
  BOOKING_WINDOW_WEEKDAYS,
  SLOT_TIMES,
  type BookedSlot,
  type BookingConfig,
} from '../../../shared/booking';
import { getOwnerDate } from '../../../shared/booking-time';
import { listActiveSlotsFrom } from '../../storage/contact-requests';
import { getSlotLimits, type BookingContext } from './booking-context';

/** Slots taken from today on (the owner's today): dates and times only, never who took them. */
export async function listBookedSlots({ database, env, now }: BookingContext): Promise<BookedSlot[]> {
  const today = getOwnerDate(now(), env.OWNER_TIMEZONE);
  return listActiveSlotsFrom(database.db, today);
}

/**
 * What the form needs to offer exactly the slots the server accepts. Only days off from today on
 * are listed: past ones tell nothing.
 */
export function getBookingConfig(
  context: Pick<BookingContext, 'env' | 'content' | 'now' | 'mail'>,
): BookingConfig {
  const { env, now, mail } = context;
  const limits = getSlotLimits(context);
  const today = getOwnerDate(now(), env.OWNER_TIMEZONE);
  return {
    ownerTimeZone: env.OWNER_TIMEZONE,
    slotTimes: SLOT_TIMES,
    windowWeekdays: BOOKING_WINDOW_WEEKDAYS,
    minNoticeHours: limits.minNoticeHours,
    // Only the dates: what the owner's notes say is not the booking form's business.
    daysOff: limits.daysOff.filter((range) => range.to >= today).map(({ from, to }) => ({ from, to })),
    isMailConfigured: mail.isConfigured,
  };
}
