import { findPricedPlan } from '../../../shared/plans';
import type { CreateSubscriptionInput } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { badRequest, conflict, unauthorized, unavailable } from '../../lib/app-error';
import { VERIFY_FIRST_MESSAGE } from '../../middleware/verified-email';
import { claimEmail } from '../../storage/email-claims';
import { ensureSubscriptionUser, setStripeCustomerIdIfMissing } from '../../storage/subscription-users';
import { CLAIMED_ELSEWHERE, isCodeShownOnPage } from '../access/verification-codes';
import { isLiveStatus } from './billing-state';
import { openCheckoutSession } from './open-checkout-session';

export const BILLING_OFF_MESSAGE =
  'Subscriptions are not available right now: payments are not configured on this site.';

/** What the browser asking has proven: its key, and whether it verified this e-mail. */
export interface SubscribingBrowser {
  keyHash: string;
  isVerified: boolean;
}

/**
 * Starts a Checkout for a plan. A browser that has not verified the e-mail may start one only for
 * an address with no subscription behind it (a new visitor needs no code to pay); for any other it
 * gets the same 401 as a stranger would, so it learns no plan, status or history, only that this
 * address has to be confirmed first. A verified browser gets 409 for a live subscription. The user row (one per e-mail) is created inactive; in Stripe mode
 * the e-mail gets one Stripe customer, stored on the row. Price and plan come from the server's
 * plan table. An e-mail with a live subscription is refused: changing plans or cancelling happens
 * in the billing portal, after proving the e-mail. Pressing Subscribe again for the same plan
 * within an hour returns the Checkout already open (openCheckoutSession). Where codes are shown
 * on the page, the browser starting the checkout claims the address if nobody has, so that a
 * later visitor cannot ask for a code to it.
 */
export async function createSubscription(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing' | 'content'>,
  input: CreateSubscriptionInput,
  baseUrl: string,
  browser: SubscribingBrowser,
): Promise<{ checkoutUrl: string; sessionId: string }> {
  const { billing } = context;
  if (billing.mode === 'off') throw unavailable(BILLING_OFF_MESSAGE);
  const plan = findPricedPlan(context.content.plans, input.plan);
  if (!plan) throw badRequest('Please choose one of the plans.');
  const db = context.database.db;
  if (isCodeShownOnPage(context)) {
    const owner = await claimEmail(db, input.email, browser.keyHash);
    if (!browser.isVerified && owner !== browser.keyHash) throw conflict(CLAIMED_ELSEWHERE);
  }

  let user = await ensureSubscriptionUser(db, input.email);
  if (!browser.isVerified && (user.subscriptionStatus !== 'inactive' || user.stripeSubscriptionId))
    throw unauthorized(VERIFY_FIRST_MESSAGE);
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
    currency: context.content.plans.currency,
    successUrl: `${baseUrl}/voice?checkout_session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${baseUrl}/voice?checkout=cancelled`,
  });
  return { checkoutUrl: session.url, sessionId: session.sessionId };
}
