import type { SubscriptionUser } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { conflict, notFound, unavailable } from '../../lib/app-error';
import { findSubscriptionUserById } from '../../storage/subscription-users';
import { hasVoiceSessions } from '../../storage/voice-sessions';
import { BILLING_OFF_MESSAGE } from './create-subscription';
import { applyCheckoutSession } from './process-billing-event';
import { isUuid } from '../../../shared/ids';

export interface CheckoutBrowser {
  /** Checkout sessions this browser started (the signed checkout cookie). */
  startedSessionIds: string[];
  /** The e-mail this browser already proved, if any. */
  verifiedEmail?: string;
}

/**
 * The return from Checkout: the server asks the provider (never the browser) whether the session
 * is complete and paid, applies it through the same code path as the webhook (idempotent), and
 * tells whether this browser may be marked as verified for the e-mail. It may when it started this
 * checkout itself and either already proved the e-mail or the subscription has no call history
 * yet: paying for a plan in someone else's name must not open their earlier transcripts.
 */
export async function confirmCheckout(
  context: Pick<AppContext, 'database' | 'env' | 'now' | 'billing' | 'content'>,
  sessionId: string,
  browser: CheckoutBrowser,
): Promise<{ user: SubscriptionUser; isVerified: boolean }> {
  const { billing } = context;
  if (billing.mode === 'off') throw unavailable(BILLING_OFF_MESSAGE);
  const session = await billing.retrieveCheckoutSession(sessionId);
  const userId = session?.client_reference_id ?? session?.metadata?.userId;
  const found =
    userId && isUuid(userId) ? await findSubscriptionUserById(context.database.db, userId) : undefined;
  if (!session || !found) throw notFound('This checkout was not found. It may have expired.');
  const isPaid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (session.status !== 'complete' || !isPaid)
    throw conflict('This checkout is not complete yet. Please finish the payment, or choose a plan again.');

  await applyCheckoutSession(context, session, 'checkout');
  const user = (await findSubscriptionUserById(context.database.db, found.id)) ?? found;
  const isStartedHere = browser.startedSessionIds.includes(session.id);
  const isVerified =
    browser.verifiedEmail === user.email ||
    (isStartedHere && !(await hasVoiceSessions(context.database.db, user.id)));
  return { user, isVerified };
}
