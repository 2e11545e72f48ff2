import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { bookedSlotsQuery, bookingConfigQuery } from '../api';
import { listDateOptions, listTimeOptions } from '../contact-form-model';
import { COMPACT_SLOTS_QUERY, getVisitorTimeZone, useCurrentMinute } from '../visitor-time';
import { useMediaQuery } from '@/lib/use-media-query';
import { controlClass } from './form-field';
import { SlotSummary } from './slot-summary';

/** Another free slot for a booked call: the same dates, times and labels as the booking form. */
export function RescheduleForm({
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  isPending: boolean;
  error?: string;
  onSubmit(slot: { date: string; time: string }): void;
  onCancel(): void;
}) {
  const id = useId();
  const config = useQuery(bookingConfigQuery());
  const booked = useQuery(bookedSlotsQuery());
  const nowMs = useCurrentMinute();
  // On a phone "… your time" would not fit a time option: the hint says whose time is whose.
  const isCompact = useMediaQuery(COMPACT_SLOTS_QUERY);
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const limits = config.data;
  const ownerTimeZone = limits?.ownerTimeZone;
  const dateOptions = useMemo(
    () => (ownerTimeZone && limits ? listDateOptions(new Date(nowMs), ownerTimeZone, limits) : []),
    [ownerTimeZone, limits, nowMs],
  );
  const timeOptions = useMemo(
    () =>
      ownerTimeZone && limits && date
        ? listTimeOptions(
            date,
            new Date(nowMs),
            ownerTimeZone,
            visitorTimeZone,
            booked.data ?? [],
            limits,
            isCompact,
          )
        : [],
    [ownerTimeZone, limits, date, nowMs, visitorTimeZone, booked.data, isCompact],
  );

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (date && time && !isPending) onSubmit({ date, time });
  }

  return (
    <form onSubmit={handleSubmit} className="mt-4 grid gap-4 border-t border-slate-100 pt-4">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-date`} className="text-sm font-medium text-slate-800">
          New date
        </label>
        <select
          id={`${id}-date`}
          value={date || 'none'}
          disabled={!ownerTimeZone}
          onChange={(event) => {
            setDate(event.target.value === 'none' ? '' : event.target.value);
            setTime('');
          }}
          className={controlClass(false, 'h-11 pr-8')}
        >
          <option value="none">{ownerTimeZone ? 'Select a date' : 'Loading dates...'}</option>
          {dateOptions.map((option) => (
            <option key={option.date} value={option.date}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {date ? (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-time`} className="text-sm font-medium text-slate-800">
            New time
          </label>
          <select
            id={`${id}-time`}
            value={time || 'none'}
            onChange={(event) => setTime(event.target.value === 'none' ? '' : event.target.value)}
            className={controlClass(false, 'h-11 pr-8')}
          >
            <option value="none">Select a time</option>
            {timeOptions.map((option) => (
              <option key={option.time} value={option.time} disabled={option.isBooked}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {date && time && ownerTimeZone ? (
        <SlotSummary
          date={date}
          time={time}
          ownerTimeZone={ownerTimeZone}
          visitorTimeZone={visitorTimeZone}
        />
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={!date || !time || isPending}>
          {isPending ? 'Moving...' : 'Move my call'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep the current time
        </Button>
      </div>
    </form>
  );
}
