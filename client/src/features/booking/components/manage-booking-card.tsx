import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ManagedBooking } from '@shared/booked-call';
import { composePreferredTime, describeTimeZone, formatVisitorTime } from '@shared/booking-time';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-client';
import { managedBookingQuery } from '../api';
import { useBookingChange } from '../use-booking-change';
import { getVisitorTimeZone } from '../visitor-time';
import { RescheduleForm } from './reschedule-form';

const STATUS_TEXT: Record<ManagedBooking['status'], (owner: string) => string> = {
  tentative: (owner) => `Booked · waiting for ${owner} to confirm`,
  confirmed: (owner) => `Confirmed by ${owner}`,
  cancelled: () => 'Cancelled · the time is free for others again',
  past: () => 'This call has taken place',
};

/**
 * The visitor's own view of a booked call, opened from the link in the chat's card or the
 * e-mails: when it is, its state, and buttons to move or cancel it while it is ahead.
 */
export function ManageBookingCard({
  token,
  onTokenChange,
}: {
  token: string;
  onTokenChange(token: string): void;
}) {
  const booking = useQuery(managedBookingQuery(token));
  const { mode, setMode, notice, cancel, reschedule, isPending, error } = useBookingChange(
    token,
    onTokenChange,
  );

  if (!token || booking.isError) return <BrokenBookingLink error={booking.error} />;
  if (!booking.data) return <Spinner label="Loading your booking…" className="py-12" />;

  const call = booking.data;
  const isChangeable = call.status === 'tentative' || call.status === 'confirmed';

  return (
    <div>
      <ManagedCallSummary call={call} />
      {notice ? (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
        >
          {notice}
        </p>
      ) : null}
      {isChangeable && mode === 'view' ? (
        <CallActions
          googleCalendarUrl={call.googleCalendarUrl}
          onReschedule={() => setMode('reschedule')}
          onCancel={() => setMode('confirm-cancel')}
        />
      ) : null}
      {isChangeable && mode === 'confirm-cancel' ? (
        <CancelConfirmation
          ownerName={call.ownerName}
          error={error}
          isPending={isPending}
          onConfirm={cancel}
          onKeep={() => setMode('view')}
        />
      ) : null}
      {isChangeable && mode === 'reschedule' ? (
        <RescheduleForm
          isPending={isPending}
          error={error}
          onCancel={() => setMode('view')}
          onSubmit={reschedule}
        />
      ) : null}
      {!isChangeable ? (
        <Link href="/" className="mt-5 inline-block text-sm font-medium text-brand-700 underline">
          {call.status === 'cancelled' ? 'Book another time from the chat' : 'Back to the chat'}
        </Link>
      ) : null}
    </div>
  );
}

/** A link without a token, or one the server does not know (moved, mistyped). */
function BrokenBookingLink({ error }: { error: Error | null }) {
  return (
    <div role="alert">
      <h1 className="text-xl font-bold text-slate-900">This booking link does not work</h1>
      <p className="mt-2 text-sm text-slate-600">
        {error ? getErrorMessage(error) : 'The link is incomplete.'} You can book a new call from the chat.
      </p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-brand-700 underline">
        Back to the chat
      </Link>
    </div>
  );
}

/** When the call is, in the owner's zone and the visitor's, and where it stands. */
function ManagedCallSummary({ call }: { call: ManagedBooking }) {
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const visitorTime = formatVisitorTime(call.date, call.time, call.ownerTimeZone, visitorTimeZone);
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <CalendarCheck className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <h1 className="text-xl font-bold text-slate-900">Your call with {call.ownerName}</h1>
        <p className="mt-1 text-base font-medium text-slate-900">
          {composePreferredTime(call.date, call.time, call.ownerTimeZone)}
        </p>
        {visitorTime ? (
          <p className="text-sm text-slate-600">
            That is {visitorTime} in your time zone,{' '}
            {describeTimeZone(visitorTimeZone, new Date(call.startsAt))}.
          </p>
        ) : null}
        <p className="mt-2 text-sm font-semibold text-slate-800" data-testid="manage-status">
          {STATUS_TEXT[call.status](call.ownerName)}
        </p>
      </div>
    </div>
  );
}

function CallActions({
  googleCalendarUrl,
  onReschedule,
  onCancel,
}: {
  googleCalendarUrl: string;
  onReschedule(): void;
  onCancel(): void;
}) {
  return (
    <div className="mt-5 flex flex-col gap-2 sm:flex-row">
      <Button onClick={onReschedule}>Reschedule</Button>
      <Button variant="secondary" onClick={onCancel}>
        Cancel the call
      </Button>
      <a
        href={googleCalendarUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex h-10 items-center justify-center gap-2 px-2 text-sm font-medium text-brand-700 hover:underline sm:ml-auto"
      >
        <ExternalLink className="size-4" aria-hidden />
        Google Calendar
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </div>
  );
}

/** "Cancel this call?": a second click, since the time goes to others at once. */
function CancelConfirmation({
  ownerName,
  error,
  isPending,
  onConfirm,
  onKeep,
}: {
  ownerName: string;
  error?: string;
  isPending: boolean;
  onConfirm(): void;
  onKeep(): void;
}) {
  return (
    <div className="mt-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <p className="text-sm text-slate-800">
        Cancel this call? {ownerName} is told, and the time becomes free for others.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant="danger" disabled={isPending} onClick={onConfirm}>
          {isPending ? 'Cancelling...' : 'Yes, cancel the call'}
        </Button>
        <Button variant="secondary" onClick={onKeep}>
          Keep the call
        </Button>
      </div>
    </div>
  );
}
