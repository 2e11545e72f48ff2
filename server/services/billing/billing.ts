import type { PricedPlan } from '../../../shared/plans';
import type { Env } from '../../env';
import { createDemoBilling, type DemoBilling } from './demo-billing';
import type { CheckoutSessionObject } from './stripe-objects';
import { createStripeBilling } from './stripe-billing';

/**
 * stripe: STRIPE_SECRET_KEY is set. demo: no key and DEMO_MODE (the app's own checkout, no card).
 * off: no key and DEMO_MODE=false, so subscribing answers 503.
 */
export type BillingMode = 'stripe' | 'demo' | 'off';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The user's Stripe customer (Stripe mode). */
  customerId?: string;
  plan: PricedPlan;
  /** ISO 4217, lower case (the owner's plans.json). */
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

/** What both payment providers (Stripe, the demo checkout) do for subscriptions. */
export interface BillingProvider {
  /** The provider's customer for this user; undefined when the provider has none (demo). */
  createCustomer(input: { userId: string; email: string }): Promise<string | undefined>;
  /** expiresAt: when the provider stops accepting payment on the session. */
  createCheckoutSession(input: CheckoutRequest): Promise<{ sessionId: string; url: string; expiresAt: Date }>;
  /** The session, Stripe-shaped, with its subscription expanded; undefined when unknown. */
  retrieveCheckoutSession(sessionId: string): Promise<CheckoutSessionObject | undefined>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}

/** What the billing events need from Stripe to settle a customer's second live subscription. */
export interface SubscriptionControl {
  /** The subscription's status at Stripe now; undefined when Stripe does not know it. */
  retrieveSubscriptionStatus(subscriptionId: string): Promise<string | undefined>;
  /** Cancels at once, crediting the unused time to the customer's balance. Safe to repeat. */
  cancelDuplicateSubscription(subscriptionId: string): Promise<void>;
}

/** Stripe: checkout, the customer portal, and the subscriptions the billing events settle. */
export interface StripeBilling extends BillingProvider, SubscriptionControl {
  readonly mode: 'stripe';
}

/** The app's billing, one per app (AppContext.billing): its mode tells which provider, if any. */
export type Billing = StripeBilling | DemoBilling | { readonly mode: 'off' };

function getBillingMode(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'DEMO_MODE'>): BillingMode {
  if (env.STRIPE_SECRET_KEY) return 'stripe';
  return env.DEMO_MODE ? 'demo' : 'off';
}

/** Built once per app: the demo checkout keeps its sessions in memory. Its `mode` is how the rest of
 * the app tells which billing runs. */
export function createBilling(env: Env, now: () => Date): Billing {
  const mode = getBillingMode(env);
  if (mode === 'stripe') return createStripeBilling(env);
  if (mode === 'demo') return createDemoBilling(now);
  return { mode: 'off' };
}
