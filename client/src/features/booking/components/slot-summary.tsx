import { CalendarCheck } from 'lucide-react';
import {
  composePreferredTime,
  describeTimeZone,
  formatVisitorTime,
  getSlotInstant,
  isNightAt,
} from '@shared/booking-time';

/** The chosen slot in words, in the owner's time and, when it differs, the visitor's. */
export function SlotSummary({
  date,
  time,
  ownerTimeZone,
  visitorTimeZone,
}: {
  date: string;
  time: string;
  ownerTimeZone: string;
  visitorTimeZone: string;
}) {
  const visitorTime = formatVisitorTime(date, time, ownerTimeZone, visitorTimeZone);
  const start = getSlotInstant(date, time, ownerTimeZone);
  const visitorDay = new Intl.DateTimeFormat('en-US', {
    timeZone: visitorTimeZone,
    weekday: 'long',
    month: 'short',
    day: 'numeric',
  }).format(start);
  return (
    <div
      className="flex items-start gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-950 ring-1 ring-brand-200"
      aria-live="polite"
    >
      <CalendarCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
      <div>
        <p className="font-medium">{composePreferredTime(date, time, ownerTimeZone)}</p>
        {visitorTime ? (
          <p className="text-brand-800">
            That is {visitorDay}, {visitorTime.replace(/^\w{3} /, '')} in your time zone,{' '}
            {describeTimeZone(visitorTimeZone, start)}.
          </p>
        ) : null}
        {isNightAt(start, visitorTimeZone) ? (
          <p className="mt-1 font-medium text-amber-800" data-testid="night-warning">
            That is at night where you are. If it does not suit you, pick another time or describe one that
            does.
          </p>
        ) : null}
      </div>
    </div>
  );
}
