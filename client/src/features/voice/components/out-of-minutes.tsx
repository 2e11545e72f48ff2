import { findPricedPlan, isUnlimited, type PlanTable } from '@shared/plans';
import type { SubscriptionUserView } from '@shared/voice';
import { formatRenewalDate } from '../plan-text';
import { DemoPlanChange } from './demo-plan-change';
import { ManageSubscriptionButton } from './usage-card';

/** Minutes a plan gives, unlimited counted as the most. */
const minutesRank = (minutes: number) => (isUnlimited(minutes) ? Number.POSITIVE_INFINITY : minutes);

/**
 * Shown instead of "Start Voice Call" to a subscriber with no minutes left: what happened, when the
 * minutes come back, and the way to more minutes now: a plan change in the billing portal (Stripe)
 * or right here (demo billing).
 */
export function OutOfMinutes({
  user,
  plans,
  isDemoMode,
  isVerified,
  onUnauthorized,
  onPlanChanged,
}: {
  user: SubscriptionUserView;
  plans: PlanTable | undefined;
  isDemoMode: boolean;
  isVerified: boolean;
  onUnauthorized: () => void;
  onPlanChanged: (user: SubscriptionUserView) => void;
}) {
  const currentPlan = plans ? findPricedPlan(plans, user.subscriptionPlan) : undefined;
  const current = minutesRank(currentPlan?.minutes ?? user.voiceMinutesLimit);
  const upgrades = plans?.plans.filter((plan) => minutesRank(plan.minutes) > current) ?? [];
  const renewal = formatRenewalDate(user.currentPeriodEnd);

  return (
    <div className="mt-2 flex w-full max-w-md flex-col items-center" data-testid="out-of-minutes">
      <h3 className="mt-4 text-xl font-semibold text-slate-900">Minutes Limit Reached</h3>
      <p className="mt-1 text-sm text-slate-600">
        You&apos;ve reached your monthly voice minutes limit.{' '}
        {renewal
          ? `Your minutes come back when your plan renews on ${renewal}.`
          : 'Your minutes come back when your plan renews.'}
        {upgrades.length > 0 ? ' Upgrade for more minutes now.' : ''}
      </p>
      {isDemoMode && plans && upgrades.length > 0 ? (
        <DemoPlanChange
          user={user}
          plans={plans}
          choices={upgrades}
          onChanged={onPlanChanged}
          onUnauthorized={onUnauthorized}
        />
      ) : !isDemoMode ? (
        <ManageSubscriptionButton
          label="Upgrade plan"
          className="mt-5 w-full"
          isVerified={isVerified}
          onUnauthorized={onUnauthorized}
        />
      ) : null}
    </div>
  );
}
