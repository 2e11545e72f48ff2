import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_PHONE_LENGTH } from '@shared/booking-contact-request';
import type { ContactFormErrors, ContactFormField } from '../contact-form-model';
import { FormField, type TextControlProps } from './form-field';

export interface ContactDetailsFieldsProps {
  errors: ContactFormErrors;
  fieldId(field: ContactFormField): string;
  textProps(field: ContactFormField, hint?: string): TextControlProps;
}

/** Who to call: full name, phone and e-mail, all required. */
export function ContactDetailsFields({ errors, fieldId, textProps }: ContactDetailsFieldsProps) {
  return (
    <>
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
    </>
  );
}
