import { Loader2 } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { MAX_PURPOSE_LENGTH, type ContactRequestPayload } from '@shared/booking-contact-request';
import { Button } from '@/components/ui/button';
import { checkContactForm } from '../check-contact-form';
import {
  FIELD_ORDER,
  type ContactFormErrors,
  type ContactFormField,
  type ContactFormValues,
} from '../contact-form-model';
import { useSlotOptions } from '../use-slot-options';
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
  const slots = useSlotOptions(values.date);
  const { date, timeOptions, ownerTimeZone, limits } = slots;
  // A chosen time that is no longer offered (the slot was taken) counts as not chosen.
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
    const checked = checkContactForm({ ...values, date, time }, { ownerTimeZone, limits, conversationId });
    if (!checked.ok) {
      const { fieldErrors } = checked;
      onErrorsChange(() => fieldErrors);
      const first = FIELD_ORDER.find((field) => fieldErrors[field]);
      if (first) document.getElementById(fieldId(first))?.focus();
      return;
    }
    onErrorsChange(() => ({}));
    onSubmit(checked.payload);
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
        slots={slots}
        time={time}
        errors={errors}
        fieldId={fieldId}
        textProps={textProps}
        onFieldChange={setField}
      />

      <PurposeField
        id={fieldId('purpose')}
        value={values.purpose}
        error={errors.purpose}
        onChange={(value) => setField('purpose', value)}
      />

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
        {isSubmitting ? 'Submitting...' : 'Submit Request'}
      </Button>
    </form>
  );
}

/** What the call is about: free text, as long as the shared schema allows. */
function PurposeField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  return (
    <FormField id={id} label="Purpose of the call" error={error}>
      <textarea
        id={id}
        name="purpose"
        rows={3}
        value={value}
        maxLength={MAX_PURPOSE_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        placeholder="What would you like to discuss?"
        className={controlClass(Boolean(error), 'resize-y py-2')}
        {...describedBy(id, { error })}
      />
    </FormField>
  );
}
