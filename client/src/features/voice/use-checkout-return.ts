import { useEffect, useRef, useState } from 'react';
import type { SubscriptionUserView } from '@shared/voice';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useLatestRef } from '@/lib/use-latest-ref';
import { useConfirmCheckout } from './api';

const readParams = () => new URLSearchParams(window.location.search);

/**
 * Checkout comes back to /voice?checkout_session=<id> (paid) or /voice?checkout=cancelled. A paid
 * session is confirmed with the server (which also marks this browser as verified), then the URL
 * is cleaned so a reload does not confirm again.
 */
export function useCheckoutReturn(onConfirmed: (email: string, user: SubscriptionUserView) => void) {
  const confirmCheckout = useConfirmCheckout();
  const [isConfirming, setIsConfirming] = useState(false);
  const isHandledRef = useRef(false);
  const onConfirmedRef = useLatestRef(onConfirmed);

  const { mutateAsync } = confirmCheckout;
  useEffect(() => {
    // StrictMode runs this twice on the same component: the ref keeps it to one confirmation.
    if (isHandledRef.current) return;
    isHandledRef.current = true;
    const params = readParams();
    const sessionId = params.get('checkout_session');
    const isCancelled = params.get('checkout') === 'cancelled';
    if (!sessionId && !isCancelled) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (isCancelled) {
      toast({
        title: 'Checkout Cancelled',
        description: 'No payment was taken. Choose a plan whenever you are ready.',
      });
    }
    if (!sessionId) return;
    // The server's HTML and the hydrating render cannot know the query string: the spinner
    // starts here, before the URL is cleaned.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setIsConfirming(true);
    mutateAsync(sessionId)
      .then(({ email, user }) => {
        onConfirmedRef.current(email, user);
        toast({
          title: 'Subscription Active',
          description: 'Your plan is active. You can start a voice call now.',
        });
      })
      .catch((error: unknown) =>
        toast({ title: 'Subscription Error', description: getErrorMessage(error), variant: 'destructive' }),
      )
      .finally(() => setIsConfirming(false));
  }, [mutateAsync, onConfirmedRef]);

  return { isConfirming };
}
