import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, CalendarPlus, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { BookedCall } from '@shared/booked-call';
import { composePreferredTime, describeTimeZone, formatVisitorTime } from '@shared/booking-time';
import { bookedCallsQuery, bookingConfigQuery } from '../api';
import { getVisitorTimeZone } from '../visitor-time';

const linkClass =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-offset-2';

/** "Monday, Nov 30, 3:00 PM" in the visitor's zone. */
function formatVisitorDay(call: BookedCall, visitorTimeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: visitorTimeZone,
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(call.startsAt));
}

/** A booked call with its owner's name; isMailConfigured is undefined until the config is loaded. */
interface BookedCallProps {
  call: BookedCall;
  ownerName: string;
  isMailConfigured: boolean | undefined;
}

/** One booked call: when (owner's and visitor's zone), add to calendar, what happens next. */
export function BookedCallCard({ call, ownerName, isMailConfigured }: BookedCallProps) {
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const isOtherZone = formatVisitorTime(call.date, call.time, call.ownerTimeZone, visitorTimeZone) !== null;
  const headingId = `booked-call-${call.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-brand-200 sm:p-5"
      data-testid="booked-call-card"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <CalendarCheck className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="text-sm font-semibold text-slate-900">
            Your call with {ownerName} is booked
          </h2>
          <BookingStatus isConfirmed={call.isConfirmed} ownerName={ownerName} />
          <p className="mt-1 text-base font-medium text-slate-900">
            {composePreferredTime(call.date, call.time, call.ownerTimeZone)}
          </p>
          <p className="text-sm text-slate-600">
            {isOtherZone
              ? `That is ${formatVisitorDay(call, visitorTimeZone)} in your time zone, ${describeTimeZone(visitorTimeZone, new Date(call.startsAt))}.`
              : `Your time zone too: ${describeTimeZone(visitorTimeZone, new Date(call.startsAt))}.`}{' '}
            One hour.
          </p>
        </div>
      </div>

      <CalendarLinks call={call} />
      <WhatHappensNext call={call} ownerName={ownerName} isMailConfigured={isMailConfigured} />
    </article>
  );
}

/** The call in the visitor's calendar (a file or Google's), and the page to move or cancel it. */
function CalendarLinks({ call }: { call: BookedCall }) {
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row">
      <a
        href={call.calendarFileUrl}
        download
        className={`${linkClass} bg-brand-600 text-white hover:bg-brand-700`}
      >
        <CalendarPlus className="size-4" aria-hidden />
        Add to calendar (.ics)
      </a>
      <a
        href={call.googleCalendarUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={`${linkClass} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`}
      >
        <ExternalLink className="size-4" aria-hidden />
        Google Calendar
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <a
        href={call.manageUrl}
        className={`${linkClass} text-brand-700 underline-offset-2 hover:underline sm:ml-auto`}
      >
        <CalendarClock className="size-4" aria-hidden />
        Reschedule or cancel
      </a>
    </div>
  );
}

/** Who calls whom, whether the owner still has to confirm, and what the e-mail brings. */
function WhatHappensNext({ call, ownerName, isMailConfigured }: BookedCallProps) {
  return (
    <div className="mt-4 border-t border-slate-100 pt-3 text-sm text-slate-700">
      <h3 className="font-medium text-slate-900">What happens next</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>
          {ownerName} will call you at <span className="whitespace-nowrap">{call.phoneNumber}</span> at that
          time.
        </li>
        {call.isConfirmed ? null : (
          <li>{ownerName} confirms the call shortly; until then your calendar shows it as tentative.</li>
        )}
        {isMailConfigured ? (
          <li>
            A confirmation with a calendar invitation is on its way to{' '}
            <span className="break-all">{call.email}</span>, with your link to reschedule or cancel.
          </li>
        ) : isMailConfigured === false ? (
          <li>
            This site sends no e-mail for now: add the call to your calendar, and keep this chat (or its
            Reschedule or cancel link) to change it.
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** Tentative until the owner confirms: the words the mails and the .ics use too. */
function BookingStatus({ isConfirmed, ownerName }: { isConfirmed: boolean; ownerName: string }) {
  return (
    <p
      className={`mt-1 inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${
        isConfirmed
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
          : 'bg-amber-50 text-amber-900 ring-amber-200'
      }`}
      data-testid="booking-status"
    >
      {isConfirmed ? `Confirmed by ${ownerName}` : `Waiting for ${ownerName} to confirm`}
    </p>
  );
}

/**
 * The chat's booked calls, from stored data (so they survive a reload). A card that appears (a
 * booking just made, or the chat reopened) is scrolled into view, like a new message.
 */
export function BookedCalls({ conversationId, ownerName }: { conversationId?: string; ownerName: string }) {
  const calls = useQuery(bookedCallsQuery(conversationId));
  const config = useQuery({ ...bookingConfigQuery(), enabled: Boolean(calls.data?.length) });
  const listRef = useRef<HTMLDivElement>(null);
  const seenRef = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!calls.data) return;
    const ids = calls.data.map((call) => call.id);
    const isNew = ids.some((id) => !seenRef.current?.has(id));
    seenRef.current = new Set(ids);
    const last = listRef.current?.lastElementChild;
    // jsdom has no scrollIntoView.
    if (isNew && typeof last?.scrollIntoView === 'function')
      last.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
  }, [calls.data]);

  if (!calls.data?.length) return null;
  return (
    <div ref={listRef} className="mt-5 flex flex-col gap-3">
      {calls.data.map((call) => (
        <BookedCallCard
          key={call.id}
          call={call}
          ownerName={ownerName}
          isMailConfigured={config.data?.isMailConfigured}
        />
      ))}
    </div>
  );
}
