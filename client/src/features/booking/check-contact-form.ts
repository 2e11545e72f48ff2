import type { SlotLimits } from '@shared/booking';
import {
  contactRequestSchema,
  createContactRequestSchema,
  type ContactRequestPayload,
} from '@shared/booking-contact-request';
import {
  buildContactPayload,
  toFormErrors,
  type ContactFormErrors,
  type ContactFormValues,
} from './contact-form-model';

export type ContactFormCheck =
  { ok: true; payload: ContactRequestPayload } | { ok: false; fieldErrors: ContactFormErrors };

/**
 * The form checked with the server's own schema, and with the owner's slot rules as of now once
 * the booking config has loaded: the payload to send, or one error per field.
 */
export function checkContactForm(
  values: ContactFormValues,
  {
    ownerTimeZone,
    limits,
    conversationId,
  }: { ownerTimeZone?: string; limits?: SlotLimits; conversationId?: string },
): ContactFormCheck {
  const payload = buildContactPayload(values, { ownerTimeZone, conversationId });
  const schema =
    ownerTimeZone && limits
      ? createContactRequestSchema({ now: new Date(), ownerTimeZone, limits })
      : contactRequestSchema;
  const parsed = schema.safeParse(payload);
  return parsed.success
    ? { ok: true, payload: parsed.data }
    : { ok: false, fieldErrors: toFormErrors(parsed.error.issues) };
}
