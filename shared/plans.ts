import { z } from 'zod';

// The voice plans. PLANS is the spec's default ($29, $59 and $99 a month for 100, 300 and unlimited
// minutes); the site sells the owner's table (content/plans.json, PlanTable below). The server's
// Checkout prices and minute limits come from that table, never from the client.

export const UNLIMITED_MINUTES = -1;

/**
 * The longest single call of a session stored without its own maximum (sessions before
 * maxDurationSeconds). New calls get at most VOICE_MAX_CALL_MINUTES (DEFAULT_MAX_CALL_MINUTES).
 */
export const MAX_CALL_SECONDS = 60 * 60;
/** The longest single call on any plan unless VOICE_MAX_CALL_MINUTES says otherwise. */
export const DEFAULT_MAX_CALL_MINUTES = 15;

export const PLANS = [
  { id: 'monthly', name: 'Monthly', priceUsd: 29, minutes: 100, isPopular: false },
  { id: 'professional', name: 'Professional', priceUsd: 59, minutes: 300, isPopular: true },
  { id: 'enterprise', name: 'Enterprise', priceUsd: 99, minutes: UNLIMITED_MINUTES, isPopular: false },
] as const;

export type Plan = (typeof PLANS)[number];
export type PlanId = Plan['id'];
export const PLAN_IDS = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

export const findPlan = (id: string | null | undefined): Plan | undefined =>
  PLANS.find((plan) => plan.id === id);

export const isUnlimited = (minutesLimit: number) => minutesLimit === UNLIMITED_MINUTES;

export function minutesLeft(user: { voiceMinutesUsed: number; voiceMinutesLimit: number }): number {
  if (isUnlimited(user.voiceMinutesLimit)) return Number.POSITIVE_INFINITY;
  return Math.max(0, user.voiceMinutesLimit - user.voiceMinutesUsed);
}

// --- The owner's plan table (content/plans.json, optional) ----------------------------------------
// Names, prices, minutes and currency are the owner's; the three plan ids stay fixed, since the
// Stripe price variables (STRIPE_PRICE_MONTHLY, ...) and stored subscriptions name them.

/** One plan as the site sells it: price in the table's currency (major units, e.g. 29 or 24.5). */
export interface PricedPlan {
  id: PlanId;
  name: string;
  price: number;
  /** UNLIMITED_MINUTES for unlimited. */
  minutes: number;
  isPopular: boolean;
}

/** GET /api/plans: the plans in the owner's order, and their ISO 4217 currency in lower case. */
export interface PlanTable {
  currency: string;
  plans: PricedPlan[];
}

const pricedPlanFileSchema = z
  .object({
    id: z.enum(PLAN_IDS),
    name: z.string().trim().min(1).max(40),
    price: z
      .number()
      .positive()
      .max(100_000)
      .refine((price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6, 'at most two decimals'),
    minutes: z.union([z.number().int().positive().max(100_000), z.literal('unlimited')]),
    isPopular: z.boolean().optional(),
  })
  .strict();

/** content/plans.json: {currency, plans: [{id, name, price, minutes, isPopular?}]}. */
export const plansFileSchema = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'a three-letter ISO 4217 code such as "usd" or "eur"')
      .transform((code) => code.toLowerCase()),
    plans: z
      .array(pricedPlanFileSchema)
      .min(1)
      .max(PLAN_IDS.length)
      .refine((plans) => new Set(plans.map((plan) => plan.id)).size === plans.length, 'each plan id once')
      .refine((plans) => plans.filter((plan) => plan.isPopular).length <= 1, 'at most one popular plan'),
  })
  .strict()
  .transform(({ currency, plans }): PlanTable => ({
    currency,
    plans: plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: plan.price,
      minutes: plan.minutes === 'unlimited' ? UNLIMITED_MINUTES : plan.minutes,
      isPopular: plan.isPopular ?? false,
    })),
  }));

/** The spec's plans, used when content/ has no plans.json. */
export const DEFAULT_PLAN_TABLE: PlanTable = {
  currency: 'usd',
  plans: PLANS.map(({ id, name, priceUsd, minutes, isPopular }) => ({
    id,
    name,
    price: priceUsd,
    minutes,
    isPopular,
  })),
};

export const findPricedPlan = (table: PlanTable, id: string | null | undefined): PricedPlan | undefined =>
  table.plans.find((plan) => plan.id === id);

/** "$29", "€24.50", "29 CHF": the price as the visitor's browser writes that currency. */
export function formatPrice(amount: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}
