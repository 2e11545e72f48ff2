import { findPlan } from '../../../shared/plans';
import type { CreateSubscriptionInput } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { conflict, unavailable } from '../../lib/app-error';
import { claimEmail } from '../../storage/email-claims';
import { ensureSubscriptionUser, setStripeCustomerIdIfMissing } from '../../storage/subscription-users';
import { isCodeShownOnPage } from '../access/verification-codes';
import { isLiveStatus } from './billing-state';
import { openCheckoutSession } from './open-checkout-session';

export const BILLING_OFF_MESSAGE =
  'Subscriptions are not available right now: payments are not configured on this site.';

/**
 * Starts a Checkout for a plan, for a browser that has verified the e-mail (the route checks it
 * first, so the 409 below tells nobody else whether the address subscribes). The user row (one per e-mail) is created inactive; in Stripe mode
 * the e-mail gets one Stripe customer, stored on the row. Price and plan come from the server's
 * plan table. An e-mail with a live subscription is refused: changing plans or cancelling happens
 * in the billing portal, after proving the e-mail. Pressing Subscribe again for the same plan
 * within an hour returns the Checkout already open (openCheckoutSession). Where codes are shown
 * on the page, the browser starting the checkout claims the address if nobody has, so that a
 * later visitor cannot ask for a code to it.
 */
export async function createSubscription(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing'>,
  input: CreateSubscriptionInput,
  baseUrl: string,
  browserKeyHash: string,
): Promise<{ checkoutUrl: string; sessionId: string }> {
  const { billing } = context;
  if (billing.mode === 'off') throw unavailable(BILLING_OFF_MESSAGE);
  const plan = findPlan(input.plan)!;
  const db = context.database.db;
  if (isCodeShownOnPage(context)) await claimEmail(db, input.email, browserKeyHash);

  let user = await ensureSubscriptionUser(db, input.email);
  if (isLiveStatus(user.subscriptionStatus))
    throw conflict(
      'This e-mail already has a subscription. Open it on the voice page to use it or to manage the plan.',
    );

  let customerId = user.stripeCustomerId ?? undefined;
  if (!customerId) {
    const created = await billing.createCustomer({ userId: user.id, email: user.email });
    if (created) {
      user = (await setStripeCustomerIdIfMissing(db, user.id, created, context.now())) ?? user;
      customerId = user.stripeCustomerId ?? created;
    }
  }

  const session = await openCheckoutSession(context, billing, {
    userId: user.id,
    email: user.email,
    customerId,
    plan,
    successUrl: `${baseUrl}/voice?checkout_session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${baseUrl}/voice?checkout=cancelled`,
  });
  return { checkoutUrl: session.url, sessionId: session.sessionId };
}
