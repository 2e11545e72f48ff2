import type { AppContext } from '../../app-deps';

/** What the booking services use from the app context. */
export type BookingContext = Pick<AppContext, 'database' | 'env' | 'content' | 'now' | 'mail'>;

/** PUBLIC_URL, or where this server answers locally: the base of links in e-mails. */
export function getPublicBaseUrl(env: BookingContext['env']): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
