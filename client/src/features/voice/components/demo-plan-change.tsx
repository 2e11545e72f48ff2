import { ArrowRightLeft, CheckCircle2 } from 'lucide-react';
import { useId, useState } from 'react';
import { findPricedPlan, type PlanTable, type PricedPlan } from '@shared/plans';
import type { SubscriptionUserView } from '@shared/voice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { pluralize } from '@/lib/pluralize';
import { useChangeDemoPlan } from '../api';
import { describeMinutes, describePrice, formatRenewalDate } from '../plan-text';

/**
 * A demo subscriber's plan switch, as Stripe's portal does it: pick a plan, read its price and what
 * happens to the current period, confirm, and see that it worked. Nothing is charged in demo mode.
 */
export function DemoPlanChange({
  user,
  plans,
  choices,
  onChanged,
  onUnauthorized,
}: {
  user: SubscriptionUserView;
  plans: PlanTable;
  /** The plans offered (all others, or only the bigger ones when minutes ran out). */
  choices: PricedPlan[];
  onChanged: (user: SubscriptionUserView) => void;
  onUnauthorized: () => void;
}) {
  const changePlan = useChangeDemoPlan();
  const [selected, setSelected] = useState<PricedPlan | null>(null);
  const [changedTo, setChangedTo] = useState<PricedPlan | null>(null);

  function confirm(plan: PricedPlan) {
    changePlan.mutate(plan.id, {
      onSuccess: (next) => {
        setSelected(null);
        setChangedTo(plan);
        onChanged(next);
        toast({ title: 'Plan Changed', description: `You're on the ${plan.name} plan now.` });
      },
      onError: (error) => {
        if (hasStatus(error, 401)) onUnauthorized();
      },
    });
  }

  if (selected)
    return (
      <PlanChangeConfirmation
        user={user}
        plans={plans}
        plan={selected}
        isPending={changePlan.isPending}
        error={changePlan.isError && !hasStatus(changePlan.error, 401) ? changePlan.error : null}
        onConfirm={() => confirm(selected)}
        onKeep={() => setSelected(null)}
      />
    );

  const current = findPricedPlan(plans, user.subscriptionPlan);
  return (
    <div className="mt-4 grid w-full gap-2">
      {changedTo && current?.id === changedTo.id ? (
        <p role="status" className="flex items-start gap-2 text-sm font-medium text-emerald-800">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          You&apos;re on the {changedTo.name} plan now: {describeMinutes(changedTo.minutes)} a month at{' '}
          {describePrice(changedTo, plans)}.
        </p>
      ) : null}
      {choices.map((plan) => (
        <Button key={plan.id} variant="secondary" onClick={() => setSelected(plan)}>
          <ArrowRightLeft className="size-4" aria-hidden />
          Switch to {plan.name} · {describePrice(plan, plans)}
        </Button>
      ))}
    </div>
  );
}

/** The chosen plan's price and what happens to this period, with Confirm and Keep my plan. */
function PlanChangeConfirmation({
  user,
  plans,
  plan,
  isPending,
  error,
  onConfirm,
  onKeep,
}: {
  user: SubscriptionUserView;
  plans: PlanTable;
  plan: PricedPlan;
  isPending: boolean;
  /** What went wrong with the switch, unless it was a 401 (handed over to "Verify it's you"). */
  error: Error | null;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const headingId = useId();
  const renewal = formatRenewalDate(user.currentPeriodEnd);
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="mt-4 w-full rounded-xl bg-slate-50 p-4 text-left text-sm text-slate-700 ring-1 ring-slate-200"
      data-testid="plan-change-confirm"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        Switch to {plan.name}: {describePrice(plan, plans)}
      </h3>
      <p className="mt-2">
        The switch takes effect now: this period{renewal ? ` (until ${renewal})` : ''} gets{' '}
        {describeMinutes(plan.minutes)}, and the {pluralize(user.voiceMinutesUsed, 'minute')} you have used
        stay counted. {renewal ? `From ${renewal}` : 'Afterwards'} the plan renews at{' '}
        {describePrice(plan, plans)}.
      </p>
      <p className="mt-1 text-xs text-slate-500">Demo plans: nothing is charged.</p>
      {error ? (
        <p role="alert" className="mt-2 text-red-700">
          {getErrorMessage(error)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onConfirm} disabled={isPending}>
          {isPending ? 'Switching...' : `Confirm switch to ${plan.name}`}
        </Button>
        <Button variant="secondary" onClick={onKeep} disabled={isPending}>
          Keep my plan
        </Button>
      </div>
    </div>
  );
}
