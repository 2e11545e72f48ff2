// The voice plans: $29, $59 and $99 a month for 100, 300 and unlimited minutes. The server's Checkout prices and minute limits
// come from this table, never from the client.

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
