import { CheckCircle2, ShieldCheck } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { findPricedPlan } from '@shared/plans';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmDemoCheckout, useDemoCheckout, usePlans } from '@/features/voice/api';
import { DemoCheckoutConfirm } from '@/features/voice/components/demo-checkout-confirm';
import { getErrorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';

// The app's own checkout in demo mode (no Stripe key): confirming activates the plan through the
// same code path as Stripe's webhook, and no card is involved.
export default function DemoCheckoutPage() {
  usePageTitle('checkout');
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  const checkout = useDemoCheckout(sessionId);
  const confirm = useConfirmDemoCheckout();
  const plans = usePlans();
  const plan = plans.data ? findPricedPlan(plans.data, checkout.data?.plan) : undefined;

  function handleConfirm() {
    confirm.mutate(sessionId, { onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl) });
  }
  const isRedirecting = confirm.isPending || confirm.isSuccess;

  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
          <ShieldCheck className="size-4" aria-hidden />
          Demo checkout — no card is charged
        </p>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Confirm your subscription</h1>

        {checkout.isPending ? (
          <Spinner size="lg" label="Loading checkout…" className="py-16" />
        ) : checkout.isError || !checkout.data ? (
          <div className="mt-4" role="alert">
            <p className="text-sm text-slate-700">{getErrorMessage(checkout.error)}</p>
            <Link href="/voice" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
              Back to the voice page
            </Link>
          </div>
        ) : checkout.data.isComplete && !isRedirecting ? (
          <div className="mt-4" role="status">
            <p className="flex items-start gap-2 text-sm text-slate-700">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
              This checkout is complete: the plan is active. Nothing more to confirm here.
            </p>
            <Link href="/voice" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
              Go to the voice page
            </Link>
          </div>
        ) : (
          <DemoCheckoutConfirm
            checkout={checkout.data}
            plan={plan}
            currency={plans.data?.currency}
            isRedirecting={isRedirecting}
            error={confirm.isError ? confirm.error : null}
            onConfirm={handleConfirm}
          />
        )}
      </div>
    </main>
  );
}
