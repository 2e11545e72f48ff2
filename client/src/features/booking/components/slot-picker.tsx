import { MAX_PREFERRED_TIME_LENGTH } from '@shared/booking-contact-request';
import { describeNotice, describeTimeZone, getZoneAbbreviation, NIGHT_MARK } from '@shared/booking-time';
import type { ContactFormErrors, ContactFormField, DateOption, TimeOption } from '../contact-form-model';
import { FormField, controlClass, describedBy, type TextControlProps } from './form-field';
import { SlotSummary } from './slot-summary';

// A select's "nothing chosen" entry. Not an empty value: select items never have one.
const NONE = 'none';
const PREFERRED_TIME_HINT = 'No slot that suits you? Describe when works best, e.g. “Tuesday afternoon”.';

export interface SlotPickerProps {
  /** The chosen date and time if still offered, else '': the form decides what counts as chosen. */
  date: string;
  time: string;
  dateOptions: DateOption[];
  timeOptions: TimeOption[];
  /** Unset until the booking config has loaded. */
  ownerTimeZone?: string;
  /** Unset until the booking config has loaded. */
  minNoticeHours?: number;
  visitorTimeZone: string;
  nowMs: number;
  isConfigError: boolean;
  isBookedPending: boolean;
  isBookedError: boolean;
  errors: ContactFormErrors;
  fieldId(field: ContactFormField): string;
  textProps(field: ContactFormField, hint?: string): TextControlProps;
  onFieldChange(field: ContactFormField, value: string): void;
}

/** "When should I call?": an owner slot by date and time, or a preferred time in free text. */
export function SlotPicker({
  date,
  time,
  dateOptions,
  timeOptions,
  ownerTimeZone,
  minNoticeHours,
  visitorTimeZone,
  nowMs,
  isConfigError,
  isBookedPending,
  isBookedError,
  errors,
  fieldId,
  textProps,
  onFieldChange,
}: SlotPickerProps) {
  const isSlotChosen = date !== '' && time !== '';
  const ownerZone = ownerTimeZone ? getZoneAbbreviation(ownerTimeZone, new Date(nowMs)) : undefined;
  const isVisitorTimeShown = timeOptions.some((option) => option.label.includes(' · '));
  const notice = minNoticeHours ? `, booked at least ${describeNotice(minNoticeHours)} ahead` : '';
  const visitorZone = describeTimeZone(visitorTimeZone, new Date(nowMs));
  const nightCount = timeOptions.filter((option) => option.label.endsWith(NIGHT_MARK)).length;
  const nightHint =
    nightCount === 0
      ? ''
      : ` ${nightCount === timeOptions.length ? 'Every time' : `${nightCount} of these times`} ${nightCount === 1 ? 'falls' : 'fall'} at night where you are (${NIGHT_MARK}): if none suits you, leave the time unchosen and describe one that does.`;
  const timeHint = ownerZone
    ? `One-hour calls${notice}. Times in ${ownerZone}${isVisitorTimeShown ? `; your time is ${visitorZone}` : ` (your time zone, ${visitorZone})`}.${nightHint}`
    : undefined;

  return (
    <fieldset className="grid gap-4 sm:rounded-xl sm:bg-slate-50 sm:p-4 sm:ring-1 sm:ring-slate-200">
      <legend className="sr-only">When should I call?</legend>
      {/* One column: a time option reads "5 PM ET · Thu 7 AM your time", which half a row cuts. */}
      <div className="grid gap-4">
        <FormField id={fieldId('date')} label="Date" error={errors.date}>
          <select
            id={fieldId('date')}
            name="date"
            value={date || NONE}
            disabled={!ownerTimeZone}
            onChange={(event) => onFieldChange('date', event.target.value === NONE ? '' : event.target.value)}
            className={controlClass(Boolean(errors.date), 'h-11 pr-8')}
            {...describedBy(fieldId('date'), { error: errors.date })}
          >
            <option value={NONE}>
              {ownerTimeZone ? 'Select a date' : isConfigError ? 'Dates unavailable' : 'Loading dates...'}
            </option>
            {dateOptions.map((option) => (
              <option key={option.date} value={option.date}>
                {option.label}
              </option>
            ))}
          </select>
        </FormField>

        {date ? (
          <FormField id={fieldId('time')} label="Time" error={errors.time} hint={timeHint}>
            <select
              id={fieldId('time')}
              name="time"
              value={time || NONE}
              onChange={(event) =>
                onFieldChange('time', event.target.value === NONE ? '' : event.target.value)
              }
              className={controlClass(Boolean(errors.time), 'h-11 pr-8')}
              {...describedBy(fieldId('time'), { error: errors.time, hint: timeHint })}
            >
              <option value={NONE}>{isBookedPending ? 'Loading times...' : 'Select a time'}</option>
              {timeOptions.map((option) => (
                <option key={option.time} value={option.time} disabled={option.isBooked}>
                  {option.label}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}
      </div>

      {isBookedError ? (
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
        <FormField
          id={fieldId('preferredTime')}
          label="Preferred time"
          error={errors.preferredTime}
          hint={PREFERRED_TIME_HINT}
        >
          <input
            {...textProps('preferredTime', PREFERRED_TIME_HINT)}
            type="text"
            maxLength={MAX_PREFERRED_TIME_LENGTH}
            placeholder="e.g. any weekday after 3 PM"
          />
        </FormField>
      )}
    </fieldset>
  );
}
