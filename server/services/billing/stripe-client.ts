import Stripe from 'stripe';
import type { Env } from '../../env';

/**
 * The official SDK; STRIPE_API_BASE (tests, stripe-mock) points it at another server by host,
 * port and protocol.
 */
export function createStripeClient(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY ?? 'sk_unset', {
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
}
