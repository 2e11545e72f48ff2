import { describe, expect, it } from 'vitest';
import {
  getConfiguredPriceId,
  planAmountCents,
  resolvePlanFromPrice,
} from '../../../../../server/services/billing/plan-prices';
import { DEFAULT_PLAN_TABLE as table, plansFileSchema } from '../../../../../shared/plans';

const env = {
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_PROFESSIONAL: undefined,
  STRIPE_PRICE_ENTERPRISE: 'price_e',
};

describe('plan prices', () => {
  it('charges the plan table in cents', () => {
    expect(table.plans.map(planAmountCents)).toEqual([2900, 5900, 9900]);
    expect(planAmountCents({ price: 24.5 })).toBe(2450);
  });

  it('uses configured price ids when set', () => {
    expect(getConfiguredPriceId(env, 'monthly')).toBe('price_m');
    expect(getConfiguredPriceId(env, 'professional')).toBeUndefined();
  });

  it('recognises a plan by configured price, then metadata, then amount', () => {
    expect(resolvePlanFromPrice(env, table, { id: 'price_e', unit_amount: 2900 })?.id).toBe('enterprise');
    expect(resolvePlanFromPrice(env, table, { id: 'price_x', metadata: { plan: 'professional' } })?.id).toBe(
      'professional',
    );
    expect(resolvePlanFromPrice(env, table, { id: 'price_inline', unit_amount: 5900 })?.id).toBe('professional');
    expect(resolvePlanFromPrice(env, table, { id: 'price_other', unit_amount: 1234 })).toBeUndefined();
    expect(resolvePlanFromPrice(env, table, null)).toBeUndefined();
  });

  it("reads an owner's plans in their currency, and refuses a table Stripe could not charge", () => {
    const owner = plansFileSchema.parse({
      currency: 'EUR',
      plans: [
        { id: 'monthly', name: 'Mensal', price: 24.5, minutes: 60 },
        { id: 'enterprise', name: 'Empresa', price: 89, minutes: 'unlimited', isPopular: true },
      ],
    });
    expect(owner.currency).toBe('eur');
    expect(owner.plans.map((plan) => [plan.id, plan.minutes, plan.isPopular])).toEqual([
      ['monthly', 60, false],
      ['enterprise', -1, true],
    ]);
    expect(resolvePlanFromPrice(env, owner, { id: 'price_inline', unit_amount: 2450 })?.name).toBe('Mensal');
    const bad = (plans: unknown[]) => plansFileSchema.safeParse({ currency: 'eur', plans }).success;
    expect(bad([{ id: 'monthly', name: 'A', price: 9.999, minutes: 10 }])).toBe(false);
    expect(bad([{ id: 'weekly', name: 'A', price: 9, minutes: 10 }])).toBe(false);
    const twice = { id: 'monthly', name: 'A', price: 9, minutes: 10 };
    expect(bad([twice, twice])).toBe(false);
  });
});
