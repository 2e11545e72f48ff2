import { useId, useState } from 'react';
import type { SubscriptionUserView } from '@shared/voice';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage, hasStatus } from '@/lib/api-client';
import { useCancelDemoSubscription } from '../api';

/** "Cancel any time" for a demo plan (no billing portal there): a confirmation, then the plan ends. */
export function DemoCancel({
  onCancelled,
  onUnauthorized,
}: {
  onCancelled: (user: SubscriptionUserView) => void;
  onUnauthorized: () => void;
}) {
  const cancel = useCancelDemoSubscription();
  const [isConfirming, setIsConfirming] = useState(false);
  const headingId = useId();

  function confirm() {
    cancel.mutate(undefined, {
      onSuccess: (next) => {
        toast({
          title: 'Subscription Cancelled',
          description: 'Your demo plan has ended. Your call history stays; choose a plan to call again.',
        });
        onCancelled(next);
      },
      onError: (error) => {
        if (hasStatus(error, 401)) onUnauthorized();
      },
    });
  }

  if (!isConfirming)
    return (
      <Button variant="secondary" className="w-full" onClick={() => setIsConfirming(true)}>
        Cancel subscription
      </Button>
    );
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200"
    >
      <h3 id={headingId} className="font-semibold">
        Cancel your demo plan?
      </h3>
      <p className="mt-1">
        Calls stop right away and the minutes left are gone; your call history stays. Nothing was charged.
      </p>
      {cancel.isError && !hasStatus(cancel.error, 401) ? (
        <p role="alert" className="mt-2 text-red-800">
          {getErrorMessage(cancel.error)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
          {cancel.isPending ? 'Cancelling...' : 'Yes, cancel'}
        </Button>
        <Button variant="secondary" onClick={() => setIsConfirming(false)} disabled={cancel.isPending}>
          Keep my plan
        </Button>
      </div>
    </div>
  );
}
