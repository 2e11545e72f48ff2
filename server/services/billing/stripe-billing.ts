import type Stripe from 'stripe';
import type { PricedPlan } from '../../../shared/plans';
import type { Env } from '../../env';
import { upstream } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import type { StripeBilling } from './billing';
import { isLiveStatus } from './billing-state';
import { getConfiguredPriceId, planAmountCents } from './plan-prices';
import { checkoutSessionSchema } from './stripe-objects';
import { createStripeClient, isStripeError } from './stripe-client';

const UPSTREAM_MESSAGE = 'The payment service could not be reached. Please try again in a moment.';

/** Billing through Stripe Checkout, subscriptions and the customer portal. */
export function createStripeBilling(env: Env): StripeBilling {
  let client: Promise<Stripe> | undefined;
  const getStripe = () => (client ??= createStripeClient(env));

  async function retrieveSubscriptionStatus(subscriptionId: string): Promise<string | undefined> {
    const stripe = await getStripe();
    try {
      return (await stripe.subscriptions.retrieve(subscriptionId)).status;
    } catch (error) {
      if (isStripeError(error) && error.statusCode === 404) return undefined;
      throw toUpstream('subscriptions.retrieve', error);
    }
  }

  return {
    mode: 'stripe',

    async createCustomer({ userId, email }) {
      const stripe = await getStripe();
      // The idempotency key makes two simultaneous first checkouts of one e-mail share a customer.
      const customer = await call('customers.create', () =>
        stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }),
      );
      return customer.id;
    },

    async createCheckoutSession({ userId, email, customerId, plan, currency, successUrl, cancelUrl }) {
      const stripe = await getStripe();
      const lineItem = getLineItem(env, plan, currency);
      if (customerId) await expireOpenCheckoutSessions(stripe, customerId);
      const metadata = { userId, plan: plan.id };
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [lineItem],
          ...(customerId ? { customer: customerId } : { customer_email: email }),
          client_reference_id: userId,
          metadata,
          // Copied onto the subscription and its invoices, so their events name our user too.
          subscription_data: { metadata },
          success_url: successUrl,
          cancel_url: cancelUrl,
        }),
      );
      if (!session.url) {
        logger.error('stripe checkout session without url', { sessionId: session.id });
        throw upstream(UPSTREAM_MESSAGE);
      }
      // Stripe's default lifetime (24 hours) when an older API version leaves expires_at out.
      const expiresAt = new Date((session.expires_at ?? session.created + 24 * 60 * 60) * 1000);
      return { sessionId: session.id, url: session.url, expiresAt };
    },

    async retrieveCheckoutSession(sessionId) {
      const stripe = await getStripe();
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
        return checkoutSessionSchema.parse(session);
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 404) return undefined;
        throw toUpstream('checkout.sessions.retrieve', error);
      }
    },

    async createPortalSession({ customerId, returnUrl }) {
      const stripe = await getStripe();
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },

    retrieveSubscriptionStatus,

    async cancelDuplicateSubscription(subscriptionId) {
      const stripe = await getStripe();
      try {
        await stripe.subscriptions.cancel(
          subscriptionId,
          // The unused time becomes a credit on the customer's balance, spent by the next invoice.
          { prorate: true, invoice_now: true },
          { idempotencyKey: `cancel-duplicate-${subscriptionId}` },
        );
      } catch (error) {
        // Already cancelled (a late event of a duplicate settled earlier): nothing is left to do.
        const isRefused = isStripeError(error, 'StripeInvalidRequestError');
        if (isRefused && !isLiveStatus(await retrieveSubscriptionStatus(subscriptionId))) return;
        throw toUpstream('subscriptions.cancel', error);
      }
    },
  };
}

/**
 * A customer has one Checkout open at a time: the sessions an earlier click (another tab, a
 * back button) left open are expired before a new one is made, so they can no longer be paid.
 * One that completes meanwhile cannot be expired; the webhook then settles the second
 * subscription (billing-state.ts).
 */
async function expireOpenCheckoutSessions(stripe: Stripe, customerId: string): Promise<void> {
  const open = await call('checkout.sessions.list', () =>
    stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }).autoPagingToArray({
      limit: 1000,
    }),
  );
  for (const session of open) {
    try {
      await stripe.checkout.sessions.expire(session.id);
    } catch (error) {
      logger.info('open checkout session not expired', {
        sessionId: session.id,
        type: isStripeError(error) ? error.type : 'unknown',
      });
    }
  }
}

/** The plan's configured Stripe price when there is one, else a monthly price made from plans.json. */
function getLineItem(
  env: Env,
  plan: PricedPlan,
  currency: string,
): Stripe.Checkout.SessionCreateParams.LineItem {
  const priceId = getConfiguredPriceId(env, plan.id);
  if (priceId) return { price: priceId, quantity: 1 };
  return {
    quantity: 1,
    price_data: {
      currency,
      unit_amount: planAmountCents(plan),
      recurring: { interval: 'month' },
      product_data: { name: `${plan.name} voice plan`, metadata: { plan: plan.id } },
    },
  };
}

async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toUpstream(operation, error);
  }
}

/** Stripe's own text never reaches visitors; the log keeps its type and code. */
function toUpstream(operation: string, error: unknown) {
  const stripeError = isStripeError(error) ? error : undefined;
  logger.error('stripe request failed', {
    operation,
    type: stripeError?.type ?? (error instanceof Error ? error.name : typeof error),
    stripeCode: stripeError?.code,
    status: stripeError?.statusCode,
  });
  return upstream(UPSTREAM_MESSAGE);
}
