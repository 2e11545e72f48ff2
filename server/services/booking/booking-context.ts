import type { AppContext } from '../../app-deps';
import type { BookingMailSettings } from '../mail/booking-emails';
import { getFromAddress } from '../mail/mail-delivery';

/** What the booking services use from the app context. */
export type BookingContext = Pick<AppContext, 'database' | 'env' | 'content' | 'now' | 'mail'>;

/** PUBLIC_URL, or where this server answers locally: the base of links in e-mails. */
export function getPublicBaseUrl(env: BookingContext['env']): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

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
