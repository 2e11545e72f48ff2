import type { DateOption, TimeOption } from '../contact-form-model';
import { FormField, controlClass, describedBy } from './form-field';

// A select's "nothing chosen" entry. Not an empty value: select items never have one.
const NONE = 'none';

/** One entry of the select: a date, or a time that is disabled once booked. */
function toEntry(option: DateOption | TimeOption) {
  return 'time' in option
    ? { value: option.time, label: option.label, disabled: option.isBooked }
    : { value: option.date, label: option.label, disabled: undefined };
}

/**
 * The date or the time of a slot, with its label, hint and error. Its first entry means "nothing
 * chosen" (''): the booking and the reschedule form both pick a slot with it.
 */
export function SlotSelect({
  id,
  name,
  label,
  value,
  error,
  hint,
  disabled,
  placeholder,
  options,
  onChange,
}: {
  id: string;
  name?: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  disabled?: boolean;
  placeholder: string;
  options: DateOption[] | TimeOption[];
  onChange(value: string): void;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        name={name}
        value={value || NONE}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === NONE ? '' : event.target.value)}
        className={controlClass(Boolean(error), 'h-11 pr-8')}
        {...describedBy(id, { error, hint })}
      >
        <option value={NONE}>{placeholder}</option>
        {options.map(toEntry).map((entry) => (
          <option key={entry.value} value={entry.value} disabled={entry.disabled}>
            {entry.label}
          </option>
        ))}
      </select>
    </FormField>
  );
}
