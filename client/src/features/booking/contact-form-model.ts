import type { BookedSlot, SlotLimits } from '@shared/booking';
import type { ContactRequestInput } from '@shared/booking-contact-request';
import {
  composePreferredTime,
  formatDateLabel,
  formatSlotLabel,
  listBookableDates,
  listSlotsForDate,
} from '@shared/booking-time';

// The contact form's pure parts: its values, the options it offers and the payload it sends.

export interface ContactFormValues {
  fullName: string;
  phoneNumber: string;
  email: string;
  /** Owner-local "yyyy-MM-dd", or '' while no date is chosen. */
  date: string;
  /** "HH:mm", or '' while no time is chosen. */
  time: string;
  /** The free-text preferred time, used while no slot is chosen. */
  preferredTime: string;
  purpose: string;
}

export type ContactFormField = keyof ContactFormValues;
export type ContactFormErrors = Partial<Record<ContactFormField, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  fullName: '',
  phoneNumber: '',
  email: '',
  date: '',
  time: '',
  preferredTime: '',
  purpose: '',
};

export interface DateOption {
  date: string;
  label: string;
}

export interface TimeOption {
  time: string;
  label: string;
  isBooked: boolean;
}

/** The window's bookable dates, labelled "EEEE, MMM d". */
export function listDateOptions(now: Date, ownerTimeZone: string, limits: SlotLimits): DateOption[] {
  return listBookableDates(now, ownerTimeZone, limits).map((date) => ({
    date,
    label: formatDateLabel(date),
  }));
}

/** The date's slots far enough ahead, booked ones marked. */
export function listTimeOptions(
  date: string,
  now: Date,
  ownerTimeZone: string,
  visitorTimeZone: string,
  booked: readonly BookedSlot[],
  limits: SlotLimits,
  isCompact = false,
): TimeOption[] {
  return listSlotsForDate(date, now, ownerTimeZone, limits).map(({ time }) => {
    const isBooked = booked.some((slot) => slot.date === date && slot.time === time);
    const label = formatSlotLabel(date, time, ownerTimeZone, visitorTimeZone, isCompact);
    return { time, label: isBooked ? `${label} (Booked)` : label, isBooked };
  });
}

const hasSlot = (values: ContactFormValues) => values.date !== '' && values.time !== '';

/**
 * What POST /api/contact-requests receives: with a date and a time, the slot and the composed
 * preferredTime; otherwise the free text.
 */
export function buildContactPayload(
  values: ContactFormValues,
  { ownerTimeZone, conversationId }: { ownerTimeZone?: string; conversationId?: string },
): ContactRequestInput {
  const isSlot = hasSlot(values) && ownerTimeZone !== undefined;
  return {
    fullName: values.fullName,
    phoneNumber: values.phoneNumber,
    email: values.email,
    preferredTime: isSlot
      ? composePreferredTime(values.date, values.time, ownerTimeZone)
      : values.preferredTime,
    purpose: values.purpose,
    ...(isSlot ? { scheduledDate: values.date, scheduledTime: values.time } : {}),
    ...(conversationId ? { conversationId } : {}),
  };
}

const FIELD_OF_PATH: Record<string, ContactFormField> = {
  fullName: 'fullName',
  phoneNumber: 'phoneNumber',
  email: 'email',
  preferredTime: 'preferredTime',
  purpose: 'purpose',
  scheduledDate: 'date',
  scheduledTime: 'time',
};

/** Schema issues (or a 400's fieldErrors) as one message per form field, first one wins. */
export function toFormErrors(
  issues: Array<{ path: readonly PropertyKey[] | string; message: string }>,
): ContactFormErrors {
  const errors: ContactFormErrors = {};
  for (const issue of issues) {
    const key = typeof issue.path === 'string' ? issue.path : String(issue.path[0] ?? '');
    const field = FIELD_OF_PATH[key];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Form fields in the order they appear, to focus the first one in error. */
export const FIELD_ORDER: ContactFormField[] = [
  'fullName',
  'phoneNumber',
  'email',
  'date',
  'time',
  'preferredTime',
  'purpose',
];
