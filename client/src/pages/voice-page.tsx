import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { SubscriptionLookup, VoiceConfig } from '@shared/voice';
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
import { LookupError } from '@/features/voice/components/lookup-error';
import { PlanSection } from '@/features/voice/components/plan-section';
import { SubscribedView } from '@/features/voice/components/subscribed-view';
import {
  isPaymentFailed,
  SubscriptionStatusNotice,
} from '@/features/voice/components/subscription-status-notice';
import { VerifyIdentityCard } from '@/features/voice/components/verify-identity-card';
import { VoicePageHeading } from '@/features/voice/components/voice-page-heading';
import { useCheckoutReturn } from '@/features/voice/use-checkout-return';
import { useVoiceVisitor, type VoiceVisitor } from '@/features/voice/use-voice-visitor';
import { usePageTitle } from '@/lib/page-title';

// /voice: e-mail gate -> lookup -> the badge and the plans at once. The server tells nothing about
// an e-mail this browser has not verified, so such a browser sees "No Subscription" and the plans,
// and a code (asked for only to reveal a subscription or to start a call) opens the rest.
export default function VoicePage() {
  usePageTitle('voice');
  const queryClient = useQueryClient();
  const visitor = useVoiceVisitor();
  const { email, setEmail } = visitor;
  const config = useVoiceConfig();
  const plans = usePlans();
  const lookup = useSubscriptionUser(email);

  // The confirmation answers with the same view as the lookup: nothing to fetch again. A lookup
  // sent before it (without the new cookie) is cancelled so that its answer cannot overwrite this.
  const { isConfirming } = useCheckoutReturn((confirmedEmail, user) => {
    const key = subscriptionUserKey(confirmedEmail);
    void queryClient.cancelQueries({ queryKey: key }).then(() => {
      queryClient.setQueryData(key, toSubscriptionLookup(user));
      setEmail(confirmedEmail);
    });
  });

  let content;
  if (isConfirming) {
    content = <Spinner size="lg" label="Confirming your subscription…" className="py-16" />;
  } else if (!email) {
    content = (
      <div className="py-4 sm:py-10">
        <EmailGate ownerName={config.data?.ownerName} onSubmit={setEmail} />
      </div>
    );
  } else if (lookup.isPending) {
    content = <Spinner size="lg" label="Looking up your subscription…" className="py-16" />;
  } else if (lookup.isError) {
    content = (
      <LookupError
        error={lookup.error}
        onRetry={() => void lookup.refetch()}
        onChangeEmail={() => setEmail(null)}
      />
    );
  } else {
    content = (
      <VoiceAccount email={email} lookup={lookup.data} config={config} plans={plans} visitor={visitor} />
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

/**
 * The e-mail once looked up: the heading, then the confirmation and the plans for a browser that
 * has not proved it, the call for a subscriber, or the plans with why the last one stopped.
 */
function VoiceAccount({
  email,
  lookup,
  config,
  plans,
  visitor,
}: {
  email: string;
  lookup: SubscriptionLookup | undefined;
  config: { data: VoiceConfig | undefined; isError: boolean };
  plans: ReturnType<typeof usePlans>;
  visitor: VoiceVisitor;
}) {
  const { isVerificationRequired, handleUnauthorized, handleVerified } = visitor;
  const isVerified = lookup?.isVerified === true;
  const user = lookup?.user ?? null;
  const isSubscribed = user?.subscriptionStatus === 'active';
  const plansSection = <PlanSection email={email} plans={plans} onUnauthorized={handleUnauthorized} />;

  let body: ReactNode;
  if (!isVerified) {
    body = (
      <>
        <ConfirmEmailPrompt
          email={email}
          isOpen={visitor.isConfirmOpen || isVerificationRequired}
          reason={
            isVerificationRequired
              ? 'Confirm your e-mail to continue: enter the code we send to it.'
              : undefined
          }
          onOpen={visitor.openConfirm}
          onVerified={handleVerified}
        />
        {plansSection}
      </>
    );
  } else if (user && isSubscribed) {
    body = (
      <SubscribedView
        email={email}
        user={user}
        config={config.data}
        isConfigError={config.isError}
        isVerificationRequired={isVerificationRequired}
        onUnauthorized={handleUnauthorized}
        onVerified={handleVerified}
      />
    );
  } else {
    body = (
      <>
        <SubscriptionStatusNotice
          user={user}
          isVerificationRequired={isVerificationRequired}
          onUnauthorized={handleUnauthorized}
        />
        {isPaymentFailed(user) && isVerificationRequired ? (
          <VerifyIdentityCard email={email} onVerified={handleVerified} />
        ) : null}
        {plansSection}
      </>
    );
  }

  return (
    <div className="grid gap-6">
      <VoicePageHeading
        email={email}
        ownerName={config.data?.ownerName}
        isSubscribed={isSubscribed}
        onChangeEmail={() => visitor.setEmail(null)}
      />
      {config.data?.isDemoMode ? <DemoBanner /> : null}
      {body}
    </div>
  );
}
