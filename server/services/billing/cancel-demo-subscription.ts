import type { SubscriptionUser } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { conflict, notFound } from '../../lib/app-error';
import {
  findSubscriptionUserByEmail,
  lockSubscriptionUser,
  updateSubscriptionUser,
} from '../../storage/subscription-users';
import { isLiveStatus } from './billing-state';

/**
 * A demo subscriber cancels on the page (the plan cards promise "Cancel any time", and demo billing
 * has no portal). Nothing was charged, so the plan ends now rather than at the period's end: the
 * status becomes "canceled", calls stop, and the call history stays. Stripe subscribers cancel in
 * the billing portal, whose events end the subscription the same way.
 */
export async function cancelDemoSubscription(
  context: Pick<AppContext, 'database' | 'billing' | 'now'>,
  verifiedEmail: string,
): Promise<SubscriptionUser> {
  if (context.billing.mode !== 'demo')
    throw conflict('Subscriptions are cancelled in the billing portal: use "Manage subscription".');
  return context.database.db.transaction(async (tx) => {
    const found = await findSubscriptionUserByEmail(tx, verifiedEmail);
    const user = found && (await lockSubscriptionUser(tx, found.id));
    if (!user) throw notFound('No subscription uses this e-mail address.');
    if (!isLiveStatus(user.subscriptionStatus)) throw conflict('This subscription has already ended.');
    return updateSubscriptionUser(tx, user.id, { subscriptionStatus: 'canceled' }, context.now());
  });
}
