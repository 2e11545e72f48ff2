import type { Env } from '../../env';
import type { Billing, BillingMode } from './billing';
import { createDemoBilling } from './demo-billing';
import { createStripeBilling } from './stripe-billing';

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
