import type { SlotLimits } from '../../../shared/booking';
import type { AppContext } from '../../app-deps';
import { getPublicBaseUrl } from '../../lib/public-url';
import type { BookingMailSettings } from '../mail/booking-emails';
import { getFromAddress } from '../mail/mail-delivery';
import { createManageToken, getManageUrl } from './manage-token';

/** What the booking services use from the app context. */
export type BookingContext = Pick<
  AppContext,
  'database' | 'env' | 'content' | 'now' | 'mail' | 'sessionSecret'
>;

/**
 * What the booking e-mails need to know about the owner and the site. `secret` is the loaded
 * session secret (sessionSecret.load()), which signs the visitor's manage links.
 */
export function getBookingMailSettings(
  { env, content }: Pick<BookingContext, 'env' | 'content'>,
  now: Date,
  secret: string,
): BookingMailSettings {
  const baseUrl = getPublicBaseUrl(env);
  return {
    ownerName: content.profile.name,
    ownerEmail: env.OWNER_EMAIL,
    fromAddress: getFromAddress(env),
    ownerTimeZone: env.OWNER_TIMEZONE,
    baseUrl,
    now,
    getManageUrl: (requestId) => getManageUrl(baseUrl, createManageToken(secret, requestId)),
  };
}

/** The minimum notice (BOOKING_MIN_NOTICE_HOURS) and the owner's days off (content/availability.json). */
export function getSlotLimits({ env, content }: Pick<BookingContext, 'env' | 'content'>): SlotLimits {
  return { minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS, daysOff: content.daysOff };
}
