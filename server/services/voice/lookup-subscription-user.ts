import type { SubscriptionLookup } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { findSubscriptionUserByEmail } from '../../storage/subscription-users';
import { toSubscriptionUserView } from './views';

const UNVERIFIED: SubscriptionLookup = { isVerified: false, user: null };

/**
 * The voice page's lookup. A browser that has not proven this e-mail learns nothing: the same
 * answer for a subscriber and a stranger, given before the database is asked, so neither the
 * body nor the time taken tells them apart.
 */
export async function lookupSubscriptionUser(
  context: Pick<AppContext, 'database'>,
  email: string,
  verifiedEmail: string | undefined,
): Promise<SubscriptionLookup> {
  if (verifiedEmail !== email) return UNVERIFIED;
  const user = await findSubscriptionUserByEmail(context.database.db, email);
  return { isVerified: true, user: user ? toSubscriptionUserView(user, true) : null };
}
