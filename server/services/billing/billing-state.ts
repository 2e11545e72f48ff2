import { z } from 'zod';
import type { Plan } from '../../../shared/plans';
import type { SubscriptionUser } from '../../../shared/schema';
import {
  lockSubscriptionUser,
  lockSubscriptionUserBy,
  updateSubscriptionUser,
  type Queryable,
  type SubscriptionUserPatch,
} from '../../storage/subscription-users';

/** What one billing event says about a user's subscription. */
export interface SubscriptionState {
  subscriptionId?: string;
  customerId?: string;
  /** Our status: active, past_due, unpaid, canceled, incomplete, ... ("active" may call). */
  status: string;
  plan?: Plan;
  periodEnd?: Date;
}

/** Stripe's subscription status as ours: a trial counts as active; the rest keep their name. */
export function toSubscriptionStatus(stripeStatus: string): string {
  return stripeStatus === 'trialing' ? 'active' : stripeStatus;
}

/** A subscription the customer is paying for (or trying), as opposed to an ended one. */
export const isLiveStatus = (status: string | null | undefined) =>
  status === 'active' || status === 'past_due' || status === 'trialing' || status === 'unpaid';

/**
 * Whether an event created at `at` is at least as new as the last state applied. Stripe does not
 * deliver in order; an older event never overwrites a newer state. Equal times apply, since one
 * checkout emits several events in the same second.
 */
export const isNewerEvent = (user: SubscriptionUser, at: Date) =>
  !user.billingStateAt || at.getTime() >= user.billingStateAt.getTime();

const uuid = z.uuid();

/**
 * The user an event is about, locked for the rest of the transaction: by subscription id, then by
 * our user id (client_reference_id or the metadata we attach), then by Stripe customer id.
 */
export async function lockBillingUser(
  tx: Queryable,
  refs: { subscriptionId?: string; userId?: string | null; customerId?: string },
): Promise<SubscriptionUser | undefined> {
  if (refs.subscriptionId) {
    const user = await lockSubscriptionUserBy(tx, 'stripeSubscriptionId', refs.subscriptionId);
    if (user) return user;
  }
  if (refs.userId && uuid.safeParse(refs.userId).success) {
    const user = await lockSubscriptionUser(tx, refs.userId);
    if (user) return user;
  }
  if (refs.customerId) return lockSubscriptionUserBy(tx, 'stripeCustomerId', refs.customerId);
  return undefined;
}

/**
 * Applies a subscription state from an event created at `at`, unless a newer state is stored or
 * the event is about another subscription than the user's current one (an old, ended
 * subscription's news never replaces a live one; a new live subscription does take over).
 * Returns the updated row, or undefined when nothing changed.
 */
export async function applySubscriptionState(
  tx: Queryable,
  user: SubscriptionUser,
  state: SubscriptionState,
  at: Date,
  now: Date,
  extra: SubscriptionUserPatch = {},
): Promise<SubscriptionUser | undefined> {
  if (!isNewerEvent(user, at)) return undefined;
  const isOtherSubscription =
    Boolean(user.stripeSubscriptionId && state.subscriptionId) &&
    user.stripeSubscriptionId !== state.subscriptionId;
  if (isOtherSubscription && state.status !== 'active') return undefined;

  const patch: SubscriptionUserPatch = {
    subscriptionStatus: state.status,
    billingStateAt: at,
    ...(state.plan ? { subscriptionPlan: state.plan.id, voiceMinutesLimit: state.plan.minutes } : {}),
    ...(state.subscriptionId ? { stripeSubscriptionId: state.subscriptionId } : {}),
    ...(state.periodEnd ? { currentPeriodEnd: state.periodEnd } : {}),
    ...(state.customerId && !user.stripeCustomerId ? { stripeCustomerId: state.customerId } : {}),
    ...extra,
  };
  return updateSubscriptionUser(tx, user.id, patch, now);
}
