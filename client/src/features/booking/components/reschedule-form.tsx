import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useSlotOptions } from '../use-slot-options';
import { SlotSelect } from './slot-select';
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
  const [chosenDate, setDate] = useState('');
  const [time, setTime] = useState('');
  const { visitorTimeZone, ownerTimeZone, date, dateOptions, timeOptions } = useSlotOptions(chosenDate);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (date && time && !isPending) onSubmit({ date, time });
  }

  return (
    <form onSubmit={handleSubmit} className="mt-4 grid gap-4 border-t border-slate-100 pt-4">
      <SlotSelect
        id={`${id}-date`}
        label="New date"
        value={date}
        placeholder={ownerTimeZone ? 'Select a date' : 'Loading dates...'}
        disabled={!ownerTimeZone}
        options={dateOptions}
        onChange={(value) => {
          setDate(value);
          setTime('');
        }}
      />
      {date ? (
        <SlotSelect
          id={`${id}-time`}
          label="New time"
          value={time}
          placeholder="Select a time"
          options={timeOptions}
          onChange={setTime}
        />
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
