import { describe, expect, it } from 'vitest';
import {
  getConfiguredPriceId,
  planAmountCents,
  resolvePlanFromPrice,
} from '../../../../../server/services/billing/plan-prices';
import { PLANS } from '../../../../../shared/plans';

const env = {
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_PROFESSIONAL: undefined,
  STRIPE_PRICE_ENTERPRISE: 'price_e',
};

describe('plan prices', () => {
  it('charges the plan table in cents', () => {
    expect(PLANS.map(planAmountCents)).toEqual([2900, 5900, 9900]);
  });

  it('uses configured price ids when set', () => {
    expect(getConfiguredPriceId(env, 'monthly')).toBe('price_m');
    expect(getConfiguredPriceId(env, 'professional')).toBeUndefined();
  });

  it('recognises a plan by configured price, then metadata, then amount', () => {
    expect(resolvePlanFromPrice(env, { id: 'price_e', unit_amount: 2900 })?.id).toBe('enterprise');
    expect(resolvePlanFromPrice(env, { id: 'price_x', metadata: { plan: 'professional' } })?.id).toBe(
      'professional',
    );
    expect(resolvePlanFromPrice(env, { id: 'price_inline', unit_amount: 5900 })?.id).toBe('professional');
    expect(resolvePlanFromPrice(env, { id: 'price_other', unit_amount: 1234 })).toBeUndefined();
    expect(resolvePlanFromPrice(env, null)).toBeUndefined();
  });
});
