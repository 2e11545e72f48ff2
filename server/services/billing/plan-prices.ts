import { findPricedPlan, type PlanId, type PlanTable, type PricedPlan } from '../../../shared/plans';
import type { Env } from '../../env';

type PriceEnv = Pick<Env, 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_PROFESSIONAL' | 'STRIPE_PRICE_ENTERPRISE'>;

/** The configured Stripe price id of a plan; undefined means inline price data from the plan table. */
export function getConfiguredPriceId(env: PriceEnv, planId: PlanId): string | undefined {
  const byPlan: Record<PlanId, string | undefined> = {
    monthly: env.STRIPE_PRICE_MONTHLY,
    professional: env.STRIPE_PRICE_PROFESSIONAL,
    enterprise: env.STRIPE_PRICE_ENTERPRISE,
  };
  return byPlan[planId];
}

/** Amount in the currency's minor unit (cents), as Stripe counts it. */
export const planAmountCents = (plan: Pick<PricedPlan, 'price'>) => Math.round(plan.price * 100);

export interface PriceLike {
  id?: string | null;
  unit_amount?: number | null;
  metadata?: Record<string, string> | null;
}

/**
 * Which plan a Stripe price stands for: a configured price id, the `plan` metadata we attach, or
 * the amount of one of our plans (inline prices). A plan switched in the customer portal changes
 * the price, so the price decides before any metadata copied at checkout.
 */
export function resolvePlanFromPrice(
  env: PriceEnv,
  table: PlanTable,
  price: PriceLike | null | undefined,
): PricedPlan | undefined {
  if (!price) return undefined;
  const configured = table.plans.find((plan) => price.id && getConfiguredPriceId(env, plan.id) === price.id);
  if (configured) return configured;
  const fromMetadata = findPricedPlan(table, price.metadata?.plan);
  if (fromMetadata) return fromMetadata;
  return table.plans.find((plan) => price.unit_amount === planAmountCents(plan));
}
