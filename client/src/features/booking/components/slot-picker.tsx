import { MAX_PREFERRED_TIME_LENGTH } from '@shared/booking-contact-request';
import type { ContactFormErrors, ContactFormField } from '../contact-form-model';
import { describeSlotTimeHint } from '../slot-time-hint';
import type { SlotOptions } from '../use-slot-options';
import { FormField, type TextControlProps } from './form-field';
import { SlotSelect } from './slot-select';
import { SlotSummary } from './slot-summary';

const PREFERRED_TIME_HINT = 'No slot that suits you? Describe when works best, e.g. “Tuesday afternoon”.';

export interface SlotPickerProps {
  /** The offered dates and times, and the chosen date if still offered ('' if not). */
  slots: SlotOptions;
  /** The chosen time if still offered, else '': the form decides what counts as chosen. */
  time: string;
  errors: ContactFormErrors;
  fieldId(field: ContactFormField): string;
  textProps(field: ContactFormField, hint?: string): TextControlProps;
  onFieldChange(field: ContactFormField, value: string): void;
}

/** "When should I call?": an owner slot by date and time, or a preferred time in free text. */
export function SlotPicker({ slots, time, errors, fieldId, textProps, onFieldChange }: SlotPickerProps) {
  const { date, dateOptions, timeOptions, ownerTimeZone, visitorTimeZone, nowMs, config, booked } = slots;
  const isSlotChosen = date !== '' && time !== '';
  const timeHint = describeSlotTimeHint({
    timeOptions,
    ownerTimeZone,
    minNoticeHours: config.data?.minNoticeHours,
    visitorTimeZone,
    nowMs,
  });
  // The date and the time select are wired to the form alike, by their field.
  const chosen = { date, time };
  const selectProps = (field: 'date' | 'time') => ({
    id: fieldId(field),
    name: field,
    value: chosen[field],
    error: errors[field],
    onChange: (value: string) => onFieldChange(field, value),
  });

  return (
    <fieldset className="grid gap-4 sm:rounded-xl sm:bg-slate-50 sm:p-4 sm:ring-1 sm:ring-slate-200">
      <legend className="sr-only">When should I call?</legend>
      {/* One column: a time option reads "5 PM ET · Thu 7 AM your time", which half a row cuts. */}
      <div className="grid gap-4">
        <SlotSelect
          {...selectProps('date')}
          label="Date"
          disabled={!ownerTimeZone}
          placeholder={
            ownerTimeZone ? 'Select a date' : config.isError ? 'Dates unavailable' : 'Loading dates...'
          }
          options={dateOptions}
        />

        {date ? (
          <SlotSelect
            {...selectProps('time')}
            label="Time"
            hint={timeHint}
            placeholder={booked.isPending ? 'Loading times...' : 'Select a time'}
            options={timeOptions}
          />
        ) : null}
      </div>

      {booked.isError ? (
        <p className="text-sm text-amber-800">
          Booked times could not be loaded. You can still choose a time; it is checked when you submit.
        </p>
      ) : null}

      {isSlotChosen && ownerTimeZone ? (
        <SlotSummary
          date={date}
          time={time}
          ownerTimeZone={ownerTimeZone}
          visitorTimeZone={visitorTimeZone}
        />
      ) : (
        <PreferredTimeField
          id={fieldId('preferredTime')}
          error={errors.preferredTime}
          textProps={textProps('preferredTime', PREFERRED_TIME_HINT)}
        />
      )}
    </fieldset>
  );
}

/** A time in the visitor's own words, for when no slot suits them. */
function PreferredTimeField({
  id,
  error,
  textProps,
}: {
  id: string;
  error?: string;
  textProps: TextControlProps;
}) {
  return (
    <FormField id={id} label="Preferred time" error={error} hint={PREFERRED_TIME_HINT}>
      <input
        {...textProps}
        type="text"
        maxLength={MAX_PREFERRED_TIME_LENGTH}
        placeholder="e.g. any weekday after 3 PM"
      />
    </FormField>
  );
}
