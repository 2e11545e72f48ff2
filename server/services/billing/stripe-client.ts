import type Stripe from 'stripe';
import type { Env } from '../../env';
import { createKeepAliveHttpAgent } from '../../lib/keep-alive';

type StripeSdk = typeof Stripe;
let sdk: StripeSdk | undefined;

/** The SDK loads on the first payment or webhook: a site without Stripe never holds it in memory. */
export async function loadStripeSdk(): Promise<StripeSdk> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** True for the SDK's errors of that class (there are none before the SDK has loaded). */
export function isStripeError(
  error: unknown,
  kind: 'StripeError' | 'StripeInvalidRequestError' = 'StripeError',
): error is Stripe.errors.StripeError {
  return sdk !== undefined && error instanceof sdk.errors[kind];
}

/**
 * The official SDK; STRIPE_API_BASE (tests, stripe-mock) points it at another server by host,
 * port and protocol.
 */
export async function createStripeClient(
  env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Promise<Stripe> {
  const Stripe = await loadStripeSdk();
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY ?? 'sk_unset', {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 1,
    // Idle connections kept briefly (KEEP_ALIVE_IDLE_MS); the SDK itself sends a request once more
    // when its connection was closed before any answer, with an idempotency key.
    httpAgent: createKeepAliveHttpAgent(protocol),
    timeout: 20_000,
    telemetry: false,
  });
}
