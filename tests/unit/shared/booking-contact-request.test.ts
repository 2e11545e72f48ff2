import { describe, expect, it } from 'vitest';
import {
  contactRequestSchema,
  createContactRequestSchema,
  isPlausiblePhoneNumber,
} from '@shared/booking-contact-request';

const VALID = { fullName: 'Jane Doe', phoneNumber: '+1 617 555 0142', email: 'jane@example.com' };
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the contact request schema (form and server)', () => {
  it('accepts the three required fields alone, trimmed', () => {
    const result = contactRequestSchema.parse({
      ...VALID,
      fullName: '  Jane Doe  ',
      email: ' jane@example.com ',
    });
    expect(result).toEqual({
      fullName: 'Jane Doe',
      phoneNumber: '+1 617 555 0142',
      email: 'jane@example.com',
    });
  });

  it('treats empty and null optional fields as absent', () => {
    const result = contactRequestSchema.parse({
      ...VALID,
      preferredTime: '  ',
      purpose: '',
      scheduledDate: null,
      scheduledTime: '',
      conversationId: '',
    });
    expect(result).toEqual(VALID);
  });

  it.each([
    [{ fullName: undefined }, 'Please enter your full name.'],
    [{ fullName: '' }, 'Please enter your full name.'],
    [{ fullName: 42 }, 'Please enter your full name.'],
    [{ phoneNumber: '' }, 'Please enter your phone number.'],
    [{ phoneNumber: 'abc' }, 'Please enter a valid phone number, e.g. +1 555 123 4567.'],
    [{ email: '' }, 'Please enter your e-mail address.'],
    [{ email: 'jane@' }, 'Please enter a valid e-mail address.'],
    [{ email: 'jane at example.com' }, 'Please enter a valid e-mail address.'],
    [{ purpose: 'x'.repeat(2001) }, 'Purpose is too long (at most 2000 characters).'],
    [{ scheduledDate: '2026-03-09' }, 'Please choose both a date and a time, or neither.'],
    [{ scheduledTime: '09:00' }, 'Please choose both a date and a time, or neither.'],
    [{ scheduledDate: '2026-03-09', scheduledTime: '12:00' }, expect.stringMatching(/^Calls start at 09:00/)],
  ])('refuses %o: %s', (overrides, message) => {
    expect(firstMessage(contactRequestSchema.safeParse({ ...VALID, ...overrides }))).toEqual(message);
  });

  it('reports the field each problem belongs to', () => {
    const result = contactRequestSchema.safeParse({ fullName: '', phoneNumber: '1', email: 'x' });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'fullName',
      'phoneNumber',
      'email',
    ]);
  });

  it('knows plausible phone numbers', () => {
    for (const phone of ['+1 (617) 555-0142', '0049 30 1234567', '617.555.0142', '+81 3-1234-5678'])
      expect(isPlausiblePhoneNumber(phone)).toBe(true);
    for (const phone of [
      '555-012',
      'call me',
      '+1 617 555 0142 ext 3',
      '1234567890123456',
      '++1 617 555 0142',
    ])
      expect(isPlausiblePhoneNumber(phone)).toBe(false);
  });

  it('adds the clock-dependent slot rules with createContactRequestSchema', () => {
    const schema = createContactRequestSchema({
      now: new Date('2026-03-04T15:00:00Z'),
      ownerTimeZone: 'America/New_York',
      limits: { minNoticeHours: 2, daysOff: [{ from: '2026-03-10', to: '2026-03-10' }] },
    });
    expect(schema.safeParse({ ...VALID, scheduledDate: '2026-03-09', scheduledTime: '09:00' }).success).toBe(
      true,
    );
    const past = schema.safeParse({ ...VALID, scheduledDate: '2026-03-04', scheduledTime: '09:00' });
    expect(past.error?.issues).toEqual([
      expect.objectContaining({
        path: ['scheduledTime'],
        message: 'This time has already passed. Please choose a later time.',
      }),
    ]);
    const weekend = schema.safeParse({ ...VALID, scheduledDate: '2026-03-07', scheduledTime: '09:00' });
    expect(weekend.error?.issues[0]).toMatchObject({
      path: ['scheduledDate'],
      message: 'Calls can only be booked on weekdays.',
    });
    const soon = schema.safeParse({ ...VALID, scheduledDate: '2026-03-04', scheduledTime: '11:00' });
    expect(soon.error?.issues[0]).toMatchObject({
      path: ['scheduledTime'],
      message: /at least 2 hours ahead/,
    });
    const dayOff = schema.safeParse({ ...VALID, scheduledDate: '2026-03-10', scheduledTime: '09:00' });
    expect(dayOff.error?.issues[0]).toMatchObject({ path: ['scheduledDate'], message: /day off/ });
    // Without a slot there is nothing to check against the clock.
    expect(schema.safeParse(VALID).success).toBe(true);
  });
});
