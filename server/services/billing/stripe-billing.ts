import Stripe from 'stripe';
import type { Env } from '../../env';
import { upstream } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import type { Billing } from './billing';
import { getConfiguredPriceId, planAmountCents } from './plan-prices';
import { checkoutSessionSchema } from './stripe-objects';
import { createStripeClient } from './stripe-client';

const UPSTREAM_MESSAGE = 'The payment service could not be reached. Please try again in a moment.';

/** Billing through Stripe Checkout, subscriptions and the customer portal. */
export function createStripeBilling(env: Env): Billing {
  const stripe = createStripeClient(env);

  return {
    mode: 'stripe',

    async createCustomer({ userId, email }) {
      // The idempotency key makes two simultaneous first checkouts of one e-mail share a customer.
      const customer = await call('customers.create', () =>
        stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }),
      );
      return customer.id;
    },

    async createCheckoutSession({ userId, email, customerId, plan, successUrl, cancelUrl }) {
      const priceId = getConfiguredPriceId(env, plan.id);
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = priceId
        ? { price: priceId, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: planAmountCents(plan),
              recurring: { interval: 'month' },
              product_data: { name: `${plan.name} voice plan`, metadata: { plan: plan.id } },
            },
          };
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
      return { sessionId: session.id, url: session.url };
    },

    async retrieveCheckoutSession(sessionId) {
      try {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] });
        return checkoutSessionSchema.parse(session);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return undefined;
        throw toUpstream('checkout.sessions.retrieve', error);
      }
    },

    async createPortalSession({ customerId, returnUrl }) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
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
  const stripeError = error instanceof Stripe.errors.StripeError ? error : undefined;
  logger.error('stripe request failed', {
    operation,
    type: stripeError?.type ?? (error instanceof Error ? error.name : typeof error),
    code: stripeError?.code,
    status: stripeError?.statusCode,
  });
  return upstream(UPSTREAM_MESSAGE);
}
