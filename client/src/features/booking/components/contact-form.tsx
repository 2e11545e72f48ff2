import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  MAX_PURPOSE_LENGTH,
  contactRequestSchema,
  createContactRequestSchema,
  type ContactRequestPayload,
} from '@shared/booking-contact-request';
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
import { COMPACT_SLOTS_QUERY, getVisitorTimeZone, useCurrentMinute } from '../visitor-time';
import { useMediaQuery } from '@/lib/use-media-query';
import { ContactDetailsFields } from './contact-details-fields';
import { FormField, controlClass, describedBy, type TextControlProps } from './form-field';
import { SlotPicker } from './slot-picker';

export interface ContactFormProps {
  values: ContactFormValues;
  errors: ContactFormErrors;
  isSubmitting: boolean;
  conversationId?: string;
  onValuesChange(update: (current: ContactFormValues) => ContactFormValues): void;
  onErrorsChange(update: (current: ContactFormErrors) => ContactFormErrors): void;
  onSubmit(payload: ContactRequestPayload): void;
}

/** The contact form: contact details, an owner slot or free text, purpose. */
export function ContactForm({
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
  const config = useQuery(bookingConfigQuery());
  const booked = useQuery(bookedSlotsQuery());
  const nowMs = useCurrentMinute();
  // On a phone "… your time" would not fit a time option: the hint says whose time is whose.
  const isCompact = useMediaQuery(COMPACT_SLOTS_QUERY);
  const [visitorTimeZone] = useState(getVisitorTimeZone);
  const ownerTimeZone = config.data?.ownerTimeZone;
  const limits = config.data;

  const dateOptions = useMemo(
    () => (ownerTimeZone && limits ? listDateOptions(new Date(nowMs), ownerTimeZone, limits) : []),
    [ownerTimeZone, limits, nowMs],
  );
  // A chosen date or time that is no longer offered (the day passed, the slot was taken) counts
  // as not chosen.
  const date = dateOptions.some((option) => option.date === values.date) ? values.date : '';
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
  const time = timeOptions.some((option) => option.time === values.time && !option.isBooked)
    ? values.time
    : '';

  function setField(field: ContactFormField, value: string) {
    onValuesChange((current) => ({ ...current, [field]: value, ...(field === 'date' ? { time: '' } : {}) }));
    if (errors[field]) onErrorsChange((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (isSubmitting) return;
    const payload = buildContactPayload({ ...values, date, time }, { ownerTimeZone, conversationId });
    const schema =
      ownerTimeZone && limits
        ? createContactRequestSchema({ now: new Date(), ownerTimeZone, limits })
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

  const textProps = (field: ContactFormField, hint?: string): TextControlProps => ({
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

      <ContactDetailsFields errors={errors} fieldId={fieldId} textProps={textProps} />

      <SlotPicker
        date={date}
        time={time}
        dateOptions={dateOptions}
        timeOptions={timeOptions}
        ownerTimeZone={ownerTimeZone}
        minNoticeHours={config.data?.minNoticeHours}
        visitorTimeZone={visitorTimeZone}
        nowMs={nowMs}
        isConfigError={config.isError}
        isBookedPending={booked.isPending}
        isBookedError={booked.isError}
        errors={errors}
        fieldId={fieldId}
        textProps={textProps}
        onFieldChange={setField}
      />

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
