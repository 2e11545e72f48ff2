import {
  BOOKING_WINDOW_WEEKDAYS,
  SLOT_TIMES,
  type BookedSlot,
  type BookingConfig,
} from '../../../shared/booking';
import { getOwnerDate } from '../../../shared/booking-time';
import { listActiveSlotsFrom } from '../../storage/contact-requests';
import type { BookingContext } from './booking-context';

/** Slots taken from today on (the owner's today): dates and times only, never who took them. */
export async function listBookedSlots({ database, env, now }: BookingContext): Promise<BookedSlot[]> {
  const today = getOwnerDate(now(), env.OWNER_TIMEZONE);
  return listActiveSlotsFrom(database.db, today);
}

export function getBookingConfig({ env }: Pick<BookingContext, 'env'>): BookingConfig {
  return {
    ownerTimeZone: env.OWNER_TIMEZONE,
    slotTimes: SLOT_TIMES,
    windowWeekdays: BOOKING_WINDOW_WEEKDAYS,
  };
}
