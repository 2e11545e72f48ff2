import type { PlanTable, PricedPlan } from '../../../shared/plans';
import type { SubscriptionUser } from '../../../shared/schema';
import type { Env } from '../../env';
import type { Queryable } from '../../db/client';
import { logger } from '../../lib/logger';
import {
  lockSubscriptionUser,
  lockSubscriptionUserBy,
  updateSubscriptionUser,
  type SubscriptionUserPatch,
} from '../../storage/subscription-users';
import type { SubscriptionControl } from './billing';
import { isUuid } from '../../../shared/ids';

/** What applying a billing event needs besides the transaction. */
export interface BillingEventDeps {
  env: Env;
  /** The owner's plans (content/plans.json): a price or plan id names one of them. */
  plans: PlanTable;
  now: () => Date;
  /** The provider's subscriptions (Stripe mode), to settle a second live subscription. */
  subscriptions?: SubscriptionControl;
}

/** What one billing event says about a user's subscription. */
export interface SubscriptionState {
  subscriptionId?: string;
  customerId?: string;
  /** Our status: active, past_due, unpaid, canceled, incomplete, ... ("active" may call). */
  status: string;
  plan?: PricedPlan;
  periodEnd?: Date;
}

/** Stripe's subscription status as ours: a trial counts as active; the rest keep their name. */
export function toSubscriptionStatus(stripeStatus: string): string {
  return stripeStatus === 'trialing' ? 'active' : stripeStatus;
}

/** A subscription the customer is paying for (or trying), as opposed to an ended one. */
export const isLiveStatus = (status: string | null | undefined) =>
  status === 'active' || status === 'past_due' || status === 'trialing' || status === 'unpaid';

/** A Stripe subscription in one of these states never comes back: a new one has to be bought. */
export const isEndedStatus = (status: string) => status === 'canceled' || status === 'incomplete_expired';

/** How far along its life a subscription in this status is: started, paying, blocked, ended. */
function lifecycleStage(status: string): number {
  if (status === 'inactive') return 0;
  if (status === 'incomplete') return 1;
  if (status === 'past_due' || status === 'unpaid' || status === 'paused') return 3;
  if (isEndedStatus(status)) return 4;
  return 2; // active, trialing
}

/**
 * Whether an event created at `at` may set the status. Every kind of event writes the status
 * (subscription events, invoice.paid, invoice.payment_failed), so they share one watermark
 * (billingStateAt), and an older event never overwrites a newer status. Stripe's `created` counts
 * seconds and one change emits several events in the same second (a checkout: subscription created
 * incomplete, then active, invoice paid; a failed renewal: payment_failed, subscription past_due),
 * so at equal seconds the status further along the lifecycle wins: active over incomplete, a
 * failed payment over active (calls resume only with a strictly newer paid or active event).
 * An ended subscription stays ended: a late invoice of it changes nothing.
 */
export function shouldApplyStatus(user: SubscriptionUser, status: string, at: Date): boolean {
  if (isEndedStatus(user.subscriptionStatus)) return false;
  if (!user.billingStateAt) return true;
  const difference = at.getTime() - user.billingStateAt.getTime();
  if (difference !== 0) return difference > 0;
  return lifecycleStage(status) >= lifecycleStage(user.subscriptionStatus);
}

/**
 * Whether a subscription event created at `at` may set what only the subscription object says
 * (plan, minute limit, period). Only subscription events move this watermark
 * (subscriptionStateAt), so an invoice event of the next second never hides a plan switch
 * delivered after it. Equal seconds apply: the events of one second describe one change (a
 * checkout, a switch), and the period end never moves back (see applySubscriptionState).
 */
export const shouldApplySubscriptionFields = (user: SubscriptionUser, at: Date) =>
  !user.subscriptionStateAt || at.getTime() >= user.subscriptionStateAt.getTime();

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
  if (refs.userId && isUuid(refs.userId)) {
    const user = await lockSubscriptionUser(tx, refs.userId);
    if (user) return user;
  }
  if (refs.customerId) return lockSubscriptionUserBy(tx, 'stripeCustomerId', refs.customerId);
  return undefined;
}

/** The later of two period ends: a subscription's period only moves forward. */
const laterOf = (stored: Date | null, next: Date | undefined) =>
  next && (!stored || next.getTime() > stored.getTime()) ? next : undefined;

/**
 * Applies a subscription state from an event created at `at`: the status and the subscription's
 * own fields each when the event is newer than the last one that set them (see shouldApplyStatus
 * and shouldApplySubscriptionFields). An event about another subscription than the user's current
 * one is settled by settleOtherSubscription: an ended one's news is ignored, a new one takes over
 * an ended one, and a second live one is cancelled. `extra` goes with the subscription's fields.
 * Returns the updated row, or undefined when nothing changed.
 */
export async function applySubscriptionState(
  tx: Queryable,
  user: SubscriptionUser,
  state: SubscriptionState,
  at: Date,
  deps: BillingEventDeps,
  extra: SubscriptionUserPatch = {},
): Promise<SubscriptionUser | undefined> {
  const isOtherSubscription =
    Boolean(user.stripeSubscriptionId && state.subscriptionId) &&
    user.stripeSubscriptionId !== state.subscriptionId;
  const isTakeOver =
    isOtherSubscription && (await settleOtherSubscription(user, state, deps)) === 'take-over';
  if (isOtherSubscription && !isTakeOver) return undefined;

  const patch: SubscriptionUserPatch = {};
  // A subscription taking over starts its own timeline: the old one's watermarks do not apply.
  if (isTakeOver || shouldApplySubscriptionFields(user, at)) {
    const periodEnd = isTakeOver ? state.periodEnd : laterOf(user.currentPeriodEnd, state.periodEnd);
    Object.assign(patch, {
      subscriptionStateAt: at,
      ...(state.plan ? { subscriptionPlan: state.plan.id, voiceMinutesLimit: state.plan.minutes } : {}),
      ...(state.subscriptionId ? { stripeSubscriptionId: state.subscriptionId } : {}),
      ...(periodEnd ? { currentPeriodEnd: periodEnd } : {}),
      ...extra,
    });
  }
  if (isTakeOver || shouldApplyStatus(user, state.status, at)) {
    Object.assign(patch, {
      subscriptionStatus: state.status,
      billingStateAt: at,
      ...(state.subscriptionId ? { stripeSubscriptionId: state.subscriptionId } : {}),
    });
  }
  if (Object.keys(patch).length === 0) return undefined;
  if (state.customerId && !user.stripeCustomerId) patch.stripeCustomerId = state.customerId;
  return updateSubscriptionUser(tx, user.id, patch, deps.now());
}

/**
 * An event about another subscription than the user's current one. News of an old or unfinished
 * subscription changes nothing. A new active one takes over when the current one has ended (a
 * cancelled subscriber subscribing again). When the current one is still live, the customer is
 * paying twice (two tabs that both went through Checkout): the first subscription we recorded is
 * kept and the newer one is cancelled at Stripe, its unused time credited to the customer's
 * balance, so the next invoice of the kept plan pays for it. Stripe is asked first whether the
 * current one is live, since its cancellation may be on its way to us.
 */
async function settleOtherSubscription(
  user: SubscriptionUser,
  state: SubscriptionState,
  { subscriptions }: BillingEventDeps,
): Promise<'take-over' | 'ignore'> {
  if (state.status !== 'active') return 'ignore';
  if (!isLiveStatus(user.subscriptionStatus)) return 'take-over';
  const current = user.stripeSubscriptionId!;
  const duplicate = state.subscriptionId!;
  if (!subscriptions) {
    // Demo mode: nothing was charged and there is no provider to cancel at.
    logger.info('second subscription ignored', { userId: user.id, kept: current, ignored: duplicate });
    return 'ignore';
  }
  if (!isLiveStatus(await subscriptions.retrieveSubscriptionStatus(current))) return 'take-over';
  await subscriptions.cancelDuplicateSubscription(duplicate);
  logger.info('duplicate subscription cancelled at Stripe', {
    userId: user.id,
    kept: current,
    cancelled: duplicate,
  });
  return 'ignore';
}
