import type { SubscriptionUserView } from '@shared/voice';
import { ManageSubscriptionButton } from './usage-card';

/**
 * Why a known subscription cannot call: a failed payment (past_due while Stripe retries, unpaid
 * after), fixed in the portal since a new plan would be refused; or its status (cancelled, ...).
 */
export function SubscriptionStatusNotice({
  user,
  isVerificationRequired,
  onUnauthorized,
}: {
  user: SubscriptionUserView | null;
  isVerificationRequired: boolean;
  onUnauthorized: () => void;
}) {
  if (isPaymentFailed(user))
    return (
      <div
        role="status"
        className="flex flex-col gap-3 rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-amber-300 sm:flex-row sm:items-center sm:justify-between"
      >
        <p>
          Your last payment failed, so calls are paused. Update your payment method to start calling again.
        </p>
        <ManageSubscriptionButton
          label="Update payment method"
          className="shrink-0"
          isVerified={!isVerificationRequired}
          onUnauthorized={onUnauthorized}
        />
      </div>
    );
  if (user && user.subscriptionStatus !== 'inactive')
    return (
      <p role="status" className="rounded-xl bg-white p-4 text-sm text-slate-700 ring-1 ring-slate-200">
        Your subscription is {user.subscriptionStatus.replace(/_/g, ' ')}. Choose a plan to start calling
        again.
      </p>
    );
  return null;
}

/** A live subscription whose payment failed: past_due while Stripe retries, unpaid after. */
export const isPaymentFailed = (user: SubscriptionUserView | null) =>
  user?.subscriptionStatus === 'past_due' || user?.subscriptionStatus === 'unpaid';
