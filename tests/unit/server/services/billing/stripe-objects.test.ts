import { describe, expect, it } from 'vitest';
import {
  expandedSubscription,
  idOf,
  invoicePeriodEnd,
  invoiceSchema,
  invoiceSubscriptionId,
  subscriptionPeriodEnd,
  subscriptionSchema,
} from '../../../../../server/services/billing/stripe-objects';

describe('Stripe objects of either API version', () => {
  it('reads the period end from subscription items (current) or the subscription (before 2025)', () => {
    const current = subscriptionSchema.parse({
      id: 'sub_1',
      status: 'active',
      items: { data: [{ current_period_end: 1_800_000_000 }] },
    });
    const legacy = subscriptionSchema.parse({
      id: 'sub_1',
      status: 'active',
      current_period_end: 1_700_000_000,
    });
    expect(subscriptionPeriodEnd(current)?.getTime()).toBe(1_800_000_000_000);
    expect(subscriptionPeriodEnd(legacy)?.getTime()).toBe(1_700_000_000_000);
  });

  it("reads an invoice's subscription from parent.subscription_details or the older field", () => {
    const current = invoiceSchema.parse({
      id: 'in_1',
      parent: { subscription_details: { subscription: 'sub_new' } },
    });
    const legacy = invoiceSchema.parse({
      id: 'in_1',
      subscription: { id: 'sub_old', object: 'subscription' },
    });
    expect(invoiceSubscriptionId(current)).toBe('sub_new');
    expect(invoiceSubscriptionId(legacy)).toBe('sub_old');
    expect(
      invoicePeriodEnd(
        invoiceSchema.parse({
          id: 'in_1',
          lines: { data: [{ period: { start: 1, end: 2 } }] },
          period_end: 9,
        }),
      )?.getTime(),
    ).toBe(2000);
  });

  it('tells ids from expanded objects', () => {
    expect(idOf('cus_1')).toBe('cus_1');
    expect(idOf({ id: 'cus_2', object: 'customer' })).toBe('cus_2');
    expect(idOf(null)).toBeUndefined();
    expect(expandedSubscription('sub_1')).toBeUndefined();
    expect(expandedSubscription({ id: 'sub_1', status: 'active' })?.status).toBe('active');
  });
});
