import { useState } from 'react';
import type { ManagedBooking } from '@shared/booked-call';
import { composePreferredTime } from '@shared/booking-time';
import { getErrorMessage } from '@/lib/api-client';
import { useChangeManagedBooking } from './api';

export type BookingMode = 'view' | 'reschedule' | 'confirm-cancel';

/**
 * What the visitor is doing with a booked call (looking, moving it, confirming a cancel), the
 * change sent to the server, and the notice once it worked.
 */
export function useBookingChange(token: string, onTokenChange: (token: string) => void) {
  const change = useChangeManagedBooking(token);
  const [mode, setMode] = useState<BookingMode>('view');
  const [notice, setNotice] = useState('');

  function apply(next: ManagedBooking, message: string) {
    setMode('view');
    setNotice(message);
    const nextToken = next.manageUrl.split('#')[1] ?? token;
    // The moved call has a new link: the address bar keeps the one that works.
    if (nextToken !== token) onTokenChange(nextToken);
  }

  const cancel = () =>
    change.mutate(
      { action: 'cancel' },
      { onSuccess: (next) => apply(next, 'Your call is cancelled. The time is free again.') },
    );

  const reschedule = ({ date, time }: { date: string; time: string }) =>
    change.mutate(
      { action: 'reschedule', date, time },
      {
        onSuccess: (next) =>
          apply(
            next,
            `Your call moved to ${composePreferredTime(next.date, next.time, next.ownerTimeZone)}.`,
          ),
      },
    );

  return {
    mode,
    setMode,
    notice,
    cancel,
    reschedule,
    isPending: change.isPending,
    error: change.isError ? getErrorMessage(change.error) : undefined,
  };
}
