import { CreditCard, Gauge } from 'lucide-react';
import { useState } from 'react';
import { findPricedPlan, isUnlimited, minutesLeft, type PlanTable } from '@shared/plans';
import type { SubscriptionUserView } from '@shared/voice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { pluralize } from '@/lib/pluralize';
import { useOpenBillingPortal } from '../api';
import { describePrice, formatRenewalDate } from '../plan-text';
import { Card } from './card';
import { DemoCancel } from './demo-cancel';
import { DemoPlanChange } from './demo-plan-change';
import { VERIFY_HEADING_ID } from './verify-identity-card';

export function UsageCard({
  user,
  plans,
  isDemoMode,
  isVerified,
  onUnauthorized,
  onUserChanged,
}: {
  user: SubscriptionUserView;
  plans: PlanTable | undefined;
  /** Demo billing has no portal: the plan is changed and cancelled here. */
  isDemoMode: boolean;
  /** Whether this browser may act for the e-mail now; if not, managing asks to verify first. */
  isVerified: boolean;
  onUnauthorized: () => void;
  onUserChanged: (user: SubscriptionUserView) => void;
}) {
  const plan = plans ? findPricedPlan(plans, user.subscriptionPlan) : undefined;
  const renewal = formatRenewalDate(user.currentPeriodEnd);
  const unlimited = isUnlimited(user.voiceMinutesLimit);

  return (
    <Card
      title="Usage This Month"
      titleId="usage-heading"
      icon={<Gauge className="size-5 text-brand-600" aria-hidden />}
    >
      {plan && plans ? (
        <p className="mt-1 text-sm text-slate-600">
          {plan.name} plan · {describePrice(plan, plans)}
        </p>
      ) : null}
      <MinutesMeter user={user} />
      {renewal ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="renewal-date">
          Renews on {renewal}
          {unlimited ? '' : ', with a fresh allowance of minutes'}.
        </p>
      ) : null}
      {isDemoMode && isVerified ? (
        <DemoPlanControls
          user={user}
          plans={plans}
          onUnauthorized={onUnauthorized}
          onUserChanged={onUserChanged}
        />
      ) : (
        <ManageSubscriptionButton
          className="mt-5 w-full"
          isVerified={isVerified}
          onUnauthorized={onUnauthorized}
        />
      )}
    </Card>
  );
}

/** The minutes used this month: a count when unlimited, else a bar against the allowance. */
function MinutesMeter({ user }: { user: SubscriptionUserView }) {
  const used = user.voiceMinutesUsed;
  const limit = user.voiceMinutesLimit;
  const unlimited = isUnlimited(limit);
  const percent = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  const left = minutesLeft(user);
  return unlimited ? (
    <div className="mt-4">
      <p className="text-2xl font-bold text-slate-900">Unlimited</p>
      <p className="mt-1 text-sm text-slate-600">{pluralize(used, 'minute')} used this month</p>
    </div>
  ) : (
    <div className="mt-4">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">
          {used} / {limit} minutes
        </span>
        <span className="text-slate-600">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Voice minutes used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${used} of ${limit} minutes used`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={percent >= 90 ? 'h-full rounded-full bg-red-500' : 'h-full rounded-full bg-brand-600'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-slate-700">{pluralize(left, 'minute')} remaining</p>
    </div>
  );
}

/** Demo billing has no portal: the plan is changed and cancelled right here. */
function DemoPlanControls({
  user,
  plans,
  onUnauthorized,
  onUserChanged,
}: {
  user: SubscriptionUserView;
  plans: PlanTable | undefined;
  onUnauthorized: () => void;
  onUserChanged: (user: SubscriptionUserView) => void;
}) {
  const [isChangingPlan, setIsChangingPlan] = useState(false);
  return (
    <div className="mt-5 grid gap-2">
      <Button
        variant="secondary"
        onClick={() => setIsChangingPlan((open) => !open)}
        aria-expanded={isChangingPlan}
      >
        <CreditCard className="size-4" aria-hidden />
        Change plan
      </Button>
      {isChangingPlan && plans ? (
        <DemoPlanChange
          user={user}
          plans={plans}
          choices={plans.plans.filter((option) => option.id !== user.subscriptionPlan)}
          onChanged={onUserChanged}
          onUnauthorized={onUnauthorized}
        />
      ) : null}
      <DemoCancel onCancelled={onUserChanged} onUnauthorized={onUnauthorized} />
    </div>
  );
}

/**
 * Opens the Stripe customer portal (cancel, change card, switch plan). On the usage card, and on
 * the unsubscribed view when a payment failed: the card is fixed in the portal, not by a new plan.
 */
export function ManageSubscriptionButton({
  label = 'Manage subscription',
  className,
  isVerified = true,
  onUnauthorized,
}: {
  label?: string;
  className?: string;
  isVerified?: boolean;
  onUnauthorized: () => void;
}) {
  const openPortal = useOpenBillingPortal();
  const [isAskingToVerify, setIsAskingToVerify] = useState(false);

  // The portal is only for a browser that proved the e-mail: point to the code card instead.
  function askToVerify() {
    setIsAskingToVerify(true);
    document.getElementById(VERIFY_HEADING_ID)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }

  function manage() {
    if (!isVerified) {
      askToVerify();
      return;
    }
    setIsAskingToVerify(false);
    openPortal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => {
        if (hasStatus(error, 401)) {
          onUnauthorized();
          askToVerify();
        }
        // 409: nothing to manage there (e.g. a demo subscription): the server says why.
        else if (hasStatus(error, 409))
          toast({ title: 'Billing Portal', description: getErrorMessage(error) });
        else
          toast({
            title: 'Billing Portal Error',
            description: getErrorMessage(error),
            variant: 'destructive',
          });
      },
    });
  }

  return (
    <div className={className}>
      <Button variant="secondary" className="w-full" onClick={manage} disabled={openPortal.isPending}>
        <CreditCard className="size-4" aria-hidden />
        {openPortal.isPending ? 'Opening...' : label}
      </Button>
      {isAskingToVerify && !isVerified ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Verify your e-mail with the code first, then you can manage your subscription.
        </p>
      ) : null}
    </div>
  );
}
