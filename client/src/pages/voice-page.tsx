import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  subscriptionUserKey,
  toSubscriptionLookup,
  usePlans,
  useSubscriptionUser,
  useVoiceConfig,
} from '@/features/voice/api';
import { ConfirmEmailPrompt } from '@/features/voice/components/confirm-email-prompt';
import { DemoBanner } from '@/features/voice/components/demo-banner';
import { EmailGate } from '@/features/voice/components/email-gate';
import { EmailText } from '@/features/voice/components/email-text';
import { PlanPicker } from '@/features/voice/components/plan-picker';
import { SubscribedView } from '@/features/voice/components/subscribed-view';
import { SubscriptionBadge } from '@/features/voice/components/subscription-badge';
import { ManageSubscriptionButton } from '@/features/voice/components/usage-card';
import { VerifyIdentityCard } from '@/features/voice/components/verify-identity-card';
import { readRememberedEmail, rememberEmail } from '@/features/voice/remembered-email';
import { useCheckoutReturn } from '@/features/voice/use-checkout-return';
import { getErrorMessage } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useBrowserState } from '@/lib/use-browser-state';

// /voice: e-mail gate -> lookup -> the badge and the plans at once. The server tells nothing about
// an e-mail this browser has not verified, so such a browser sees "No Subscription" and the plans,
// and a code (asked for only to reveal a subscription or to start a call) opens the rest.
export default function VoicePage() {
  usePageTitle('voice');
  const queryClient = useQueryClient();
  const [email, setEmailState] = useBrowserState<string | null>(readRememberedEmail, null);
  const [isVerificationRequired, setIsVerificationRequired] = useState(false);
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const config = useVoiceConfig();
  const plans = usePlans();
  const lookup = useSubscriptionUser(email);

  function setEmail(next: string | null) {
    rememberEmail(next);
    setEmailState(next);
    setIsVerificationRequired(false);
    setIsConfirmOpen(false);
  }

  // The confirmation answers with the same view as the lookup: nothing to fetch again. A lookup
  // sent before it (without the new cookie) is cancelled so that its answer cannot overwrite this.
  const { isConfirming } = useCheckoutReturn((confirmedEmail, user) => {
    const key = subscriptionUserKey(confirmedEmail);
    void queryClient.cancelQueries({ queryKey: key }).then(() => {
      queryClient.setQueryData(key, toSubscriptionLookup(user));
      setEmail(confirmedEmail);
    });
  });

  function handleUnauthorized() {
    setIsVerificationRequired(true);
    void queryClient.invalidateQueries({ queryKey: subscriptionUserKey(email) });
  }

  // useVerifyCode has already read the lookup again; the sessions list follows.
  function handleVerified() {
    setIsVerificationRequired(false);
    setIsConfirmOpen(false);
    void queryClient.invalidateQueries({ queryKey: ['voice-sessions'] });
  }

  const ownerName = config.data?.ownerName;
  const isVerified = lookup.data?.isVerified === true;
  const user = lookup.data?.user ?? null;
  const isSubscribed = user?.subscriptionStatus === 'active';
  // A live subscription whose payment failed: past_due while Stripe retries, unpaid after.
  const isPaymentFailed = user?.subscriptionStatus === 'past_due' || user?.subscriptionStatus === 'unpaid';

  let content;
  if (isConfirming) {
    content = <Spinner size="lg" label="Confirming your subscription…" className="py-16" />;
  } else if (!email) {
    content = (
      <div className="py-4 sm:py-10">
        <EmailGate ownerName={ownerName} onSubmit={setEmail} />
      </div>
    );
  } else if (lookup.isPending) {
    content = <Spinner size="lg" label="Looking up your subscription…" className="py-16" />;
  } else if (lookup.isError) {
    content = (
      <div
        role="alert"
        className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
      >
        <p className="text-sm text-slate-700">
          Your subscription could not be looked up: {getErrorMessage(lookup.error)}
        </p>
        <div className="mt-4 flex justify-center gap-2">
          <Button onClick={() => void lookup.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Try again
          </Button>
          <Button variant="secondary" onClick={() => setEmail(null)}>
            Change e-mail
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-6">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Voice Clone</h1>
            <SubscriptionBadge isSubscribed={isSubscribed} />
          </div>
          <p className="mt-2 text-sm text-slate-600">
            {isSubscribed
              ? `Talk with ${ownerName ?? 'the owner'}'s AI clone in real time.`
              : `Subscribe to talk with ${ownerName ?? 'the owner'}'s AI clone by voice.`}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
            <span>
              Using <EmailText email={email} className="font-medium text-slate-800" />
            </span>
            <button
              type="button"
              onClick={() => setEmail(null)}
              className="font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Change e-mail
            </button>
          </p>
        </div>
        {config.data?.isDemoMode ? <DemoBanner /> : null}
        {!isVerified ? (
          <>
            <ConfirmEmailPrompt
              email={email}
              isOpen={isConfirmOpen || isVerificationRequired}
              reason={
                isVerificationRequired
                  ? 'Confirm your e-mail to continue: enter the code we send to it.'
                  : undefined
              }
              onOpen={() => setIsConfirmOpen(true)}
              onVerified={handleVerified}
            />
            <PlanSection email={email} plans={plans} onUnauthorized={handleUnauthorized} />
          </>
        ) : user && isSubscribed ? (
          <SubscribedView
            email={email}
            user={user}
            config={config.data}
            isConfigError={config.isError}
            isVerificationRequired={isVerificationRequired}
            onUnauthorized={handleUnauthorized}
            onVerified={handleVerified}
          />
        ) : (
          <>
            {isPaymentFailed ? (
              // Still subscribed, so a new plan would be refused: the card is fixed in the portal.
              <div
                role="status"
                className="flex flex-col gap-3 rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-amber-300 sm:flex-row sm:items-center sm:justify-between"
              >
                <p>
                  Your last payment failed, so calls are paused. Update your payment method to start calling
                  again.
                </p>
                <ManageSubscriptionButton
                  label="Update payment method"
                  className="shrink-0"
                  isVerified={!isVerificationRequired}
                  onUnauthorized={handleUnauthorized}
                />
              </div>
            ) : user && user.subscriptionStatus !== 'inactive' ? (
              <p
                role="status"
                className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200"
              >
                Your subscription is {user.subscriptionStatus.replace(/_/g, ' ')}. Choose a plan to start
                calling again.
              </p>
            ) : null}
            {isPaymentFailed && isVerificationRequired ? (
              <VerifyIdentityCard email={email} onVerified={handleVerified} />
            ) : null}
            <PlanSection email={email} plans={plans} onUnauthorized={handleUnauthorized} />
          </>
        )}
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <nav className="mx-auto flex h-14 max-w-6xl items-center px-4" aria-label="Main">
          <Link
            href="/"
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-slate-700 hover:text-slate-950"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Back to chat
          </Link>
        </nav>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-10">{content}</main>
    </div>
  );
}

/** The owner's plans once loaded: the picker, a spinner, or what went wrong with a retry. */
function PlanSection({
  email,
  plans,
  onUnauthorized,
}: {
  email: string;
  plans: ReturnType<typeof usePlans>;
  onUnauthorized: () => void;
}) {
  if (plans.data) return <PlanPicker email={email} plans={plans.data} onUnauthorized={onUnauthorized} />;
  if (plans.isPending) return <Spinner label="Loading the plans…" className="py-8" />;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      The plans could not be loaded: {getErrorMessage(plans.error)}
      <Button variant="secondary" onClick={() => void plans.refetch()}>
        <RefreshCw className="size-4" aria-hidden />
        Try again
      </Button>
    </div>
  );
}
