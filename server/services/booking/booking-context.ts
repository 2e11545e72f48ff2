import type { SlotLimits } from '../../../shared/booking';
import type { AppContext } from '../../app-deps';
import { getPublicBaseUrl } from '../../lib/public-url';
import type { BookingMailSettings } from '../mail/booking-emails';
import { getFromAddress } from '../mail/mail-delivery';

/** What the booking services use from the app context. */
export type BookingContext = Pick<AppContext, 'database' | 'env' | 'content' | 'now' | 'mail'>;

/** What the booking e-mails need to know about the owner and the site. */
export function getBookingMailSettings(
  { env, content }: Pick<BookingContext, 'env' | 'content'>,
  now: Date,
): BookingMailSettings {
  return {
    ownerName: content.profile.name,
    ownerEmail: env.OWNER_EMAIL,
    fromAddress: getFromAddress(env),
    ownerTimeZone: env.OWNER_TIMEZONE,
    baseUrl: getPublicBaseUrl(env),
    now,
  };
}

/** The minimum notice (BOOKING_MIN_NOTICE_HOURS) and the owner's days off (content/availability.json). */
export function getSlotLimits({ env, content }: Pick<BookingContext, 'env' | 'content'>): SlotLimits {
  return { minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS, daysOff: content.daysOff };
}
