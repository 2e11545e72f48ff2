// The billing port: what the app asks of a payment provider, and the shapes it trades in. Types
// only, so every provider and caller imports it without importing a provider; the factory that
// picks one is create-billing.ts.
import type { PricedPlan } from '../../../shared/plans';
import type { DemoCheckoutView } from '../../../shared/voice';
import type { CheckoutSessionObject } from './stripe-objects';

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

/** The demo checkout: Stripe's flow played by the app itself, with no card and no provider. */
export interface DemoBilling extends BillingProvider {
  readonly mode: 'demo';
  getDemoCheckout(sessionId: string): DemoCheckoutView | undefined;
  /** Marks the session paid; the returned object is what Stripe's checkout.session.completed carries. */
  completeDemoCheckout(sessionId: string): CheckoutSessionObject | undefined;
  /** Drops every session of this (lower-case) address, for erasure; returns how many. */
  forgetCheckoutsOf(email: string): number;
}

/** The app's billing, one per app (AppContext.billing): its mode tells which provider, if any. */
export type Billing = StripeBilling | DemoBilling | { readonly mode: 'off' };
