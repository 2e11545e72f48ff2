import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useSlotOptions } from '../use-slot-options';
import { controlClass } from './form-field';
import { SlotSummary } from './slot-summary';

// A select's "nothing chosen" entry. Not an empty value: select items never have one.
const NONE = 'none';

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
        options={dateOptions.map((option) => ({ value: option.date, label: option.label }))}
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
          options={timeOptions.map((option) => ({
            value: option.time,
            label: option.label,
            disabled: option.isBooked,
          }))}
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

/** A labelled select whose first entry means "nothing chosen" (''). */
function SlotSelect({
  id,
  label,
  value,
  placeholder,
  disabled,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  disabled?: boolean;
  options: { value: string; label: string; disabled?: boolean }[];
  onChange(value: string): void;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value || NONE}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === NONE ? '' : event.target.value)}
        className={controlClass(false, 'h-11 pr-8')}
      >
        <option value={NONE}>{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
