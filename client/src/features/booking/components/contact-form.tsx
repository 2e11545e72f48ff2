import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Loader2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_PREFERRED_TIME_LENGTH,
  MAX_PURPOSE_LENGTH,
  composePreferredTime,
  contactRequestSchema,
  createContactRequestSchema,
  formatVisitorTime,
  getSlotInstant,
  getZoneAbbreviation,
  type ContactRequestPayload,
} from '@shared/booking';
import { Button } from '@/components/ui/button';
import { bookedSlotsQuery, bookingConfigQuery } from '../api';
import {
  FIELD_ORDER,
  buildContactPayload,
  listDateOptions,
  listTimeOptions,
  toFormErrors,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormValues,
} from '../contact-form-model';
import { getVisitorTimeZone, useCurrentMinute } from '../visitor-time';
import { FormField, controlClass, describedBy } from './form-field';

// A select's "nothing chosen" entry. Not an empty value: select items never have one.
const NONE = 'none';
const PREFERRED_TIME_HINT = 'No slot that suits you? Describe when works best, e.g. “Tuesday afternoon”.';

export interface ContactFormProps {
  isOpen: boolean;
  values: ContactFormValues;
  errors: ContactFormErrors;
  isSubmitting: boolean;
  conversationId?: string;
  onValuesChange(update: (current: ContactFormValues) => ContactFormValues): void;
  onErrorsChange(update: (current: ContactFormErrors) => ContactFormErrors): void;
  onSubmit(payload: ContactRequestPayload): void;
}

/** The contact form of SPEC.md section 2: contact details, an owner slot or free text, purpose. */
export function ContactForm({
  isOpen,
  values,
  errors,
  isSubmitting,
  conversationId,
  onValuesChange,
  onErrorsChange,
  onSubmit,
}: ContactFormProps) {
  const baseId = useId();
  const fieldId = (field: ContactFormField) => `${baseId}-${field}`;
  const config = useQuery(bookingConfigQuery(isOpen));
  const booked = useQuery(bookedSlotsQuery(isOpen));
  const nowMs = useCurrentMinute();
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const ownerTimeZone = config.data?.ownerTimeZone;

  const dateOptions = useMemo(
    () => (ownerTimeZone ? listDateOptions(new Date(nowMs), ownerTimeZone) : []),
    [ownerTimeZone, nowMs],
  );
  // A chosen date or time that is no longer offered (the day passed, the slot was taken) counts
  // as not chosen.
  const date = dateOptions.some((option) => option.date === values.date) ? values.date : '';
  const timeOptions = useMemo(
    () =>
      ownerTimeZone && date
        ? listTimeOptions(date, new Date(nowMs), ownerTimeZone, visitorTimeZone, booked.data ?? [])
        : [],
    [ownerTimeZone, date, nowMs, visitorTimeZone, booked.data],
  );
  const time = timeOptions.some((option) => option.time === values.time && !option.isBooked)
    ? values.time
    : '';
  const isSlotChosen = date !== '' && time !== '';

  function setField(field: ContactFormField, value: string) {
    onValuesChange((current) => ({ ...current, [field]: value, ...(field === 'date' ? { time: '' } : {}) }));
    if (errors[field]) onErrorsChange((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting) return;
    const payload = buildContactPayload({ ...values, date, time }, { ownerTimeZone, conversationId });
    const schema = ownerTimeZone
      ? createContactRequestSchema({ now: new Date(), ownerTimeZone })
      : contactRequestSchema;
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const fieldErrors = toFormErrors(parsed.error.issues);
      onErrorsChange(() => fieldErrors);
      const first = FIELD_ORDER.find((field) => fieldErrors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    onErrorsChange(() => ({}));
    onSubmit(parsed.data);
  }

  const ownerZone = ownerTimeZone ? getZoneAbbreviation(ownerTimeZone, new Date(nowMs)) : undefined;
  const isVisitorTimeShown = timeOptions.some((option) => option.label.includes('your time'));
  const timeHint = ownerZone
    ? `One-hour calls. Times in ${ownerZone}${isVisitorTimeShown ? ' and yours' : ''}.`
    : undefined;
  const textProps = (field: ContactFormField, hint?: string) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
    className: controlClass(Boolean(errors[field]), 'h-11'),
    ...describedBy(fieldId(field), { error: errors[field], hint }),
  });

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4" aria-busy={isSubmitting || undefined}>
      <p className="text-xs text-slate-500">
        Fields marked <span className="text-red-600">*</span> are required.
      </p>

      <FormField id={fieldId('fullName')} label="Full name" isRequired error={errors.fullName}>
        <input
          {...textProps('fullName')}
          type="text"
          autoComplete="name"
          required
          maxLength={MAX_NAME_LENGTH}
          placeholder="Jane Doe"
        />
      </FormField>

      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('phoneNumber')} label="Phone" isRequired error={errors.phoneNumber}>
          <input
            {...textProps('phoneNumber')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            maxLength={MAX_PHONE_LENGTH}
            placeholder="+1 555 123 4567"
          />
        </FormField>
        <FormField id={fieldId('email')} label="E-mail" isRequired error={errors.email}>
          <input
            {...textProps('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={MAX_EMAIL_LENGTH}
            placeholder="you@example.com"
          />
        </FormField>
      </div>

      <fieldset className="grid gap-4 sm:rounded-xl sm:bg-slate-50 sm:p-4 sm:ring-1 sm:ring-slate-200">
        <legend className="sr-only">When should I call?</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={fieldId('date')} label="Date" error={errors.date}>
            <select
              id={fieldId('date')}
              name="date"
              value={date || NONE}
              disabled={!ownerTimeZone}
              onChange={(event) => setField('date', event.target.value === NONE ? '' : event.target.value)}
              className={controlClass(Boolean(errors.date), 'h-11 pr-8')}
              {...describedBy(fieldId('date'), { error: errors.date })}
            >
              <option value={NONE}>
                {ownerTimeZone ? 'Select a date' : config.isError ? 'Dates unavailable' : 'Loading dates...'}
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
                onChange={(event) => setField('time', event.target.value === NONE ? '' : event.target.value)}
                className={controlClass(Boolean(errors.time), 'h-11 pr-8')}
                {...describedBy(fieldId('time'), { error: errors.time, hint: timeHint })}
              >
                <option value={NONE}>{booked.isPending ? 'Loading times...' : 'Select a time'}</option>
                {timeOptions.map((option) => (
                  <option key={option.time} value={option.time} disabled={option.isBooked}>
                    {option.label}
                  </option>
                ))}
              </select>
            </FormField>
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

      <FormField id={fieldId('purpose')} label="Purpose of the call" error={errors.purpose}>
        <textarea
          id={fieldId('purpose')}
          name="purpose"
          rows={3}
          value={values.purpose}
          maxLength={MAX_PURPOSE_LENGTH}
          onChange={(event) => setField('purpose', event.target.value)}
          placeholder="What would you like to discuss?"
          className={controlClass(Boolean(errors.purpose), 'resize-y py-2')}
          {...describedBy(fieldId('purpose'), { error: errors.purpose })}
        />
      </FormField>

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {isSubmitting ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}

/** The chosen slot in words, in the owner's time and, when it differs, the visitor's. */
function SlotSummary({
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
      className="flex items-start gap-3 rounded-lg bg-indigo-50 p-3 text-sm text-indigo-950 ring-1 ring-indigo-200"
      aria-live="polite"
    >
      <CalendarCheck className="mt-0.5 size-5 shrink-0 text-indigo-600" aria-hidden />
      <div>
        <p className="font-medium">{composePreferredTime(date, time, ownerTimeZone)}</p>
        {visitorTime ? (
          <p className="text-indigo-800">
            That is {visitorDay}, {visitorTime.replace(/^\w{3} /, '')} your time (
            {visitorTimeZone.replace(/_/g, ' ')}).
          </p>
        ) : null}
      </div>
    </div>
  );
}
