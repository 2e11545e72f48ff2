import { ArrowUpCircle } from 'lucide-react';
import { findPlan, isUnlimited, PLANS, type PlanId } from '@shared/plans';
import type { SubscriptionUserView } from '@shared/voice';
import { Button } from '@/components/ui/button';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { useChangeDemoPlan } from '../api';
import { ManageSubscriptionButton } from './usage-card';

/** Minutes a plan gives, unlimited counted as the most. */
const minutesRank = (minutes: number) => (isUnlimited(minutes) ? Number.POSITIVE_INFINITY : minutes);

/**
 * Shown instead of "Start Voice Call" to a subscriber with no minutes left: what happened and the
 * way to more minutes, a plan change in the billing portal (Stripe) or right here (demo billing).
 */
export function OutOfMinutes({
  user,
  isDemoMode,
  isVerified,
  onUnauthorized,
  onPlanChanged,
}: {
  user: SubscriptionUserView;
  isDemoMode: boolean;
  isVerified: boolean;
  onUnauthorized: () => void;
  onPlanChanged: (user: SubscriptionUserView) => void;
}) {
  const changePlan = useChangeDemoPlan();
  const current = minutesRank(findPlan(user.subscriptionPlan)?.minutes ?? user.voiceMinutesLimit);
  const upgrades = PLANS.filter((plan) => minutesRank(plan.minutes) > current);

  function choose(plan: PlanId) {
    changePlan.mutate(plan, {
      onSuccess: onPlanChanged,
      onError: (error) => {
        if (hasStatus(error, 401)) onUnauthorized();
      },
    });
  }

  return (
    <div className="mt-2 flex w-full max-w-md flex-col items-center" data-testid="out-of-minutes">
      <h3 className="mt-4 text-xl font-semibold text-slate-900">Minutes Limit Reached</h3>
      <p className="mt-1 text-sm text-slate-600">
        You&apos;ve reached your monthly voice minutes limit. Upgrade for more minutes now, or call again when
        your plan renews.
      </p>
      {isDemoMode ? (
        <div className="mt-5 flex w-full flex-col gap-2">
          {upgrades.map((plan) => (
            <Button key={plan.id} size="lg" onClick={() => choose(plan.id)} disabled={changePlan.isPending}>
              <ArrowUpCircle className="size-5" aria-hidden />
              Switch to {plan.name} ({isUnlimited(plan.minutes) ? 'unlimited' : `${plan.minutes} minutes`})
            </Button>
          ))}
          <p className="text-xs text-slate-500">Demo plans: nothing is charged.</p>
          {changePlan.isError && !hasStatus(changePlan.error, 401) ? (
            <p role="alert" className="text-sm text-red-700">
              {getErrorMessage(changePlan.error)}
            </p>
          ) : null}
        </div>
      ) : (
        <ManageSubscriptionButton
          label="Upgrade plan"
          className="mt-5 w-full"
          isVerified={isVerified}
          onUnauthorized={onUnauthorized}
        />
      )}
    </div>
  );
}
