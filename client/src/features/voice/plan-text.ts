import { formatPrice, isUnlimited, type PlanTable, type PricedPlan } from '@shared/plans';

// How the voice page words plans and dates, one way everywhere.

export const describeMinutes = (minutes: number) =>
  isUnlimited(minutes) ? 'unlimited minutes' : `${minutes} minutes`;

export const describePrice = (plan: PricedPlan, table: PlanTable) =>
  `${formatPrice(plan.price, table.currency)}/month`;

/** "December 29, 2026" in the visitor's language; null for a missing or broken date. */
export function formatRenewalDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
