import { Check, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { formatPrice, isUnlimited, type PlanId, type PlanTable, type PricedPlan } from '@shared/plans';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreateSubscription } from '../api';

const PLAN_FEATURES = ['Natural voice conversations', 'Same knowledge as the chat clone', 'Cancel any time'];

/**
 * The unsubscribed view: the owner's plans and Checkout, for any visitor who typed an e-mail. A 401
 * (this address must be confirmed first, or the proof expired) hands over to "Verify it's you"
 * through `onUnauthorized`.
 */
export function PlanPicker({
  email,
  plans,
  onUnauthorized,
}: {
  email: string;
  plans: PlanTable;
  onUnauthorized: () => void;
}) {
  const [plan, setPlan] = useState<PlanId>(
    () => (plans.plans.find((option) => option.isPopular) ?? plans.plans[0])?.id ?? 'monthly',
  );
  const createSubscription = useCreateSubscription();
  // Two clicks can land before React re-renders the disabled button: the ref lets one through.
  const isSubmittingRef = useRef(false);

  function subscribe() {
    if (isSubmittingRef.current) return;
    isSubmittingRef.current = true;
    createSubscription.mutate(
      { email, plan },
      {
        onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
        onError: (error) => {
          isSubmittingRef.current = false;
          if (hasStatus(error, 401)) onUnauthorized();
          else
            toast({
              title: 'Subscription Error',
              description: getErrorMessage(error),
              variant: 'destructive',
            });
        },
      },
    );
  }

  // Pending stays true through the redirect, so the button cannot send a second Checkout.
  const isPending = createSubscription.isPending || createSubscription.isSuccess;

  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="text-lg font-semibold text-slate-900">
        Choose a monthly plan
      </h2>
      <p className="mt-1 text-sm text-slate-600">Voice minutes renew every month with your plan.</p>
      <fieldset className="mt-4">
        <legend className="sr-only">Plan</legend>
        <div className="grid gap-4 md:grid-cols-3">
          {plans.plans.map((option) => (
            <PlanOption
              key={option.id}
              option={option}
              currency={plans.currency}
              isSelected={option.id === plan}
              onSelect={() => setPlan(option.id)}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-col items-stretch gap-2 sm:flex-row sm:items-center">
        <Button size="lg" onClick={subscribe} disabled={isPending} className="sm:min-w-48">
          {isPending ? 'Processing...' : 'Subscribe Now'}
        </Button>
        <p className="text-xs text-slate-500 sm:ml-2">
          Secure checkout. You can cancel from the billing portal.
        </p>
      </div>
    </section>
  );
}

/** One plan as a radio card: name, price, minutes and what every plan includes. */
function PlanOption({
  option,
  currency,
  isSelected,
  onSelect,
}: {
  option: PricedPlan;
  currency: string;
  isSelected: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      className={cn(
        'relative flex cursor-pointer flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        isSelected ? 'ring-2 ring-brand-600' : 'ring-slate-200 hover:ring-slate-300',
      )}
    >
      <input
        type="radio"
        name="plan"
        value={option.id}
        checked={isSelected}
        onChange={onSelect}
        className="sr-only"
      />
      {option.isPopular ? (
        <span className="absolute -top-3 left-5 inline-flex items-center gap-1 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
          <Star className="size-3" aria-hidden />
          Most Popular
        </span>
      ) : null}
      <span className="flex items-center justify-between gap-2">
        <span className="text-base font-semibold text-slate-900">{option.name}</span>
        <span
          className={cn(
            'flex size-5 items-center justify-center rounded-full border',
            isSelected ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300',
          )}
          aria-hidden
        >
          {isSelected ? <Check className="size-3.5" /> : null}
        </span>
      </span>
      <span className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{formatPrice(option.price, currency)}</span>
        <span className="text-sm text-slate-600">/month</span>
      </span>
      <span className="mt-1 text-sm font-medium text-brand-700">
        {isUnlimited(option.minutes) ? 'Unlimited voice minutes' : `${option.minutes} voice minutes`}
      </span>
      <ul className="mt-4 grid gap-2 text-sm text-slate-600">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
    </label>
  );
}
