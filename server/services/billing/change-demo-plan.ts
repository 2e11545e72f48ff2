import { findPricedPlan, type PlanId } from '../../../shared/plans';
import type { SubscriptionUser } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import {
  findSubscriptionUserByEmail,
  lockSubscriptionUser,
  updateSubscriptionUser,
} from '../../storage/subscription-users';

/**
 * A demo subscriber switches plans on the page (nothing is charged, so there is no billing portal
 * to do it in). The new plan's minutes apply at once; the minutes used this month stay used. Only
 * in demo billing and for an active subscription; Stripe subscribers change plans in the portal.
 */
export async function changeDemoPlan(
  context: Pick<AppContext, 'database' | 'billing' | 'now' | 'content'>,
  verifiedEmail: string,
  planId: PlanId,
): Promise<SubscriptionUser> {
  if (context.billing.mode !== 'demo')
    throw conflict('Plans are changed in the billing portal: use "Manage subscription".');
  const plan = findPricedPlan(context.content.plans, planId);
  if (!plan) throw badRequest('Please choose one of the plans.');
  return context.database.db.transaction(async (tx) => {
    const found = await findSubscriptionUserByEmail(tx, verifiedEmail);
    const user = found && (await lockSubscriptionUser(tx, found.id));
    if (!user) throw notFound('No subscription uses this e-mail address.');
    if (user.subscriptionStatus !== 'active') throw conflict('Choose a plan to subscribe first.');
    return updateSubscriptionUser(
      tx,
      user.id,
      { subscriptionPlan: plan.id, voiceMinutesLimit: plan.minutes },
      context.now(),
    );
  });
}
