import type { AppContext } from '../../app-deps';
import { conflict, notFound, unavailable } from '../../lib/app-error';
import { findSubscriptionUserByEmail } from '../../storage/subscription-users';
import { BILLING_OFF_MESSAGE } from './create-subscription';
import { DEMO_PORTAL_MESSAGE } from './demo-billing';

/**
 * The Stripe customer portal for the verified e-mail (cancel, change card, switch plan), whatever
 * the subscription's status: a customer whose payment failed (past_due) fixes the card there.
 */
export async function openBillingPortal(
  context: Pick<AppContext, 'database' | 'billing'>,
  verifiedEmail: string,
  baseUrl: string,
): Promise<{ url: string }> {
  const { billing } = context;
  if (billing.mode === 'off') throw unavailable(BILLING_OFF_MESSAGE);
  const user = await findSubscriptionUserByEmail(context.database.db, verifiedEmail);
  if (!user) throw notFound('No subscription uses this e-mail address.');
  if (billing.mode === 'demo') throw conflict(DEMO_PORTAL_MESSAGE);
  if (!user.stripeCustomerId)
    throw conflict('There is no billing account for this e-mail yet. Choose a plan first.');
  return billing.createPortalSession({ customerId: user.stripeCustomerId, returnUrl: `${baseUrl}/voice` });
}
