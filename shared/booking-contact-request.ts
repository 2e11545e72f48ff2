import { isWeekend } from 'date-fns/isWeekend';
import { z } from 'zod';
import { BOOKING_WINDOW_WEEKDAYS, SLOT_TIMES, type SlotLimits } from './booking';
import {
  describeNotice,
  formatDateLabel,
  getEarliestStart,
  getSlotInstant,
  isCalendarDate,
  isDayOff,
  listBookableDates,
  parseCalendarDate,
} from './booking-time';
import { text } from './text';
import { uuidSchema } from './ids';

// The contact request (POST /api/contact-requests): one zod schema the
// form validates with before sending and the server after receiving, so a visitor reads the same
// message either way. A slot is optional; when one is chosen, the rules that depend on the clock
// (weekday, inside the window, not yet started) are checked against the owner's calendar by
// `checkSlot`, which lives here because its answers are field errors in this form's words. The
// slot grid comes from booking.ts and the date arithmetic from booking-time.ts.

export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PHONE_LENGTH = 30;
export const MAX_PREFERRED_TIME_LENGTH = 200;
export const MAX_PURPOSE_LENGTH = 2000;

/** The stored request as POST /api/contact-requests answers it (timestamps as ISO strings). */
export interface ContactRequestView {
  id: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  preferredTime: string | null;
  purpose: string | null;
  scheduledDate: string | null;
  scheduledTime: string | null;
  scheduledAt: string | null;
  conversationId: string | null;
  isConfirmed: boolean;
  createdAt: string;
  cancelledAt: string | null;
}

// --- the slot check -----------------------------------------------------------------------------

const SLOT_TIME_MESSAGE = `Calls start at ${SLOT_TIMES.join(', ')} (owner's time). Please choose one of those times.`;

export interface SlotProblem {
  field: 'scheduledDate' | 'scheduledTime';
  message: string;
}

/** Why this owner-local slot cannot be booked now, or null when it can. */
export function checkSlot(
  date: string,
  time: string,
  now: Date,
  ownerTimeZone: string,
  limits: SlotLimits,
): SlotProblem | null {
  if (!isCalendarDate(date)) return { field: 'scheduledDate', message: 'Please choose a valid date.' };
  if (!(SLOT_TIMES as readonly string[]).includes(time))
    return { field: 'scheduledTime', message: SLOT_TIME_MESSAGE };
  if (isWeekend(parseCalendarDate(date)))
    return { field: 'scheduledDate', message: 'Calls can only be booked on weekdays.' };
  if (isDayOff(date, limits.daysOff))
    return {
      field: 'scheduledDate',
      message: `${formatDateLabel(date)} is a day off, so no calls that day. Please choose another date.`,
    };
  const startsAt = getSlotInstant(date, time, ownerTimeZone).getTime();
  if (startsAt <= now.getTime())
    return { field: 'scheduledTime', message: 'This time has already passed. Please choose a later time.' };
  if (startsAt < getEarliestStart(now, limits.minNoticeHours).getTime())
    return {
      field: 'scheduledTime',
      message: `Calls must be booked at least ${describeNotice(limits.minNoticeHours)} ahead. Please choose a later time.`,
    };
  if (!listBookableDates(now, ownerTimeZone, limits).includes(date))
    return {
      field: 'scheduledDate',
      message: `Please choose one of the next ${BOOKING_WINDOW_WEEKDAYS} weekdays.`,
    };
  return null;
}

// --- the schema --------------------------------------------------------------------------------

// JSON clients and forms both say "not chosen" in several ways: absent, null or ''.
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalText = (max: number, label: string) =>
  z.preprocess(
    blankToUndefined,
    text({ error: `${label} must be text.` })
      .trim()
      .max(max, `${label} is too long (at most ${max} characters).`)
      .optional(),
  );

/** Digits, spaces and + ( ) . - only, 7 to 15 digits (E.164 allows at most 15). */
export function isPlausiblePhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/**
 * The payload of POST /api/contact-requests, as the form validates it before sending and the
 * server after receiving. Slot rules that depend on the clock are added by
 * `createContactRequestSchema`.
 */
export const contactRequestSchema = z
  .object({
    fullName: text({ error: 'Please enter your full name.' })
      .trim()
      .min(1, 'Please enter your full name.')
      .max(MAX_NAME_LENGTH, `Your name is too long (at most ${MAX_NAME_LENGTH} characters).`),
    phoneNumber: text({ error: 'Please enter your phone number.' })
      .trim()
      .min(1, 'Please enter your phone number.')
      .max(MAX_PHONE_LENGTH, 'Please enter a valid phone number.')
      .refine(isPlausiblePhoneNumber, 'Please enter a valid phone number, e.g. +1 555 123 4567.'),
    email: text({ error: 'Please enter your e-mail address.' })
      .trim()
      .min(1, 'Please enter your e-mail address.')
      .max(MAX_EMAIL_LENGTH, 'Please enter a valid e-mail address.')
      .pipe(z.email('Please enter a valid e-mail address.')),
    preferredTime: optionalText(MAX_PREFERRED_TIME_LENGTH, 'Preferred time'),
    purpose: optionalText(MAX_PURPOSE_LENGTH, 'Purpose'),
    scheduledDate: z.preprocess(
      blankToUndefined,
      text({ error: 'Please choose a valid date.' })
        .refine(isCalendarDate, 'Please choose a valid date.')
        .optional(),
    ),
    scheduledTime: z.preprocess(
      blankToUndefined,
      z.enum(SLOT_TIMES, { error: SLOT_TIME_MESSAGE }).optional(),
    ),
    conversationId: z.preprocess(
      blankToUndefined,
      uuidSchema('The conversation id is not valid.').optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (Boolean(value.scheduledDate) !== Boolean(value.scheduledTime))
      ctx.addIssue({
        code: 'custom',
        path: [value.scheduledDate ? 'scheduledTime' : 'scheduledDate'],
        message: 'Please choose both a date and a time, or neither.',
      });
  });

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestPayload = z.output<typeof contactRequestSchema>;

/** The payload schema plus the slot rules as of `now` in the owner's zone. */
export function createContactRequestSchema({
  now,
  ownerTimeZone,
  limits,
}: {
  now: Date;
  ownerTimeZone: string;
  limits: SlotLimits;
}) {
  return contactRequestSchema.superRefine((value, ctx) => {
    if (!value.scheduledDate || !value.scheduledTime) return;
    const problem = checkSlot(value.scheduledDate, value.scheduledTime, now, ownerTimeZone, limits);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
}
