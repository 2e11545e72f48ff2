import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatPrice, isUnlimited, type PricedPlan } from '@shared/plans';
import type { DemoCheckoutView } from '@shared/voice';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { EmailText } from './email-text';

/** The demo checkout's order: plan, price, minutes and e-mail, then Confirm or Cancel. */
export function DemoCheckoutConfirm({
  checkout,
  plan,
  currency,
  isRedirecting,
  error,
  onConfirm,
}: {
  checkout: DemoCheckoutView;
  /** The plan's details once the plans have loaded. */
  plan: PricedPlan | undefined;
  currency: string | undefined;
  isRedirecting: boolean;
  error: Error | null;
  onConfirm: () => void;
}) {
  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        This is a demonstration checkout. Confirming activates the plan straight away; nothing is paid.
      </p>
      <dl className="mt-6 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm ring-1 ring-slate-200">
        <SummaryRow term="Plan">{plan?.name ?? checkout.plan}</SummaryRow>
        {plan && currency ? (
          <>
            <SummaryRow term="Price">{formatPrice(plan.price, currency)}/month</SummaryRow>
            <SummaryRow term="Voice minutes">
              {isUnlimited(plan.minutes) ? 'Unlimited' : `${plan.minutes} per month`}
            </SummaryRow>
          </>
        ) : null}
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-slate-600">E-mail</dt>
          <dd className="min-w-0 text-right text-slate-900">
            <EmailText email={checkout.email} className="font-semibold" />
          </dd>
        </div>
      </dl>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {getErrorMessage(error)}
        </p>
      ) : null}
      <Button size="lg" className="mt-6 w-full" onClick={onConfirm} disabled={isRedirecting}>
        <CreditCard className="size-5" aria-hidden />
        {isRedirecting ? 'Confirming...' : 'Confirm demo subscription'}
      </Button>
      <Link
        href="/voice?checkout=cancelled"
        className="mt-4 block text-center text-sm font-medium text-slate-700 underline-offset-2 hover:underline"
      >
        Cancel and go back
      </Link>
    </>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
