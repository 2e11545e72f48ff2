import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import { listContactRequests, validRequest } from '../helpers/bookings';

// The bookable window as the server enforces it: always 10 bookable weekdays whatever the hour,
// the minimum notice (BOOKING_MIN_NOTICE_HOURS) and the owner's days off (availability.json of the
// alex-morgan fixture owner the test app serves).

/** An instant given as New York wall-clock time in March 2026 (EST, UTC-5, until March 8). */
const est = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2026, 2, day, hour + 5, minute));

describe('bookable window', () => {
  const ctx = useTestApp({ env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000' } });
  const book = (app: ReturnType<typeof ctx.rebuild>, scheduledDate: string, scheduledTime: string) =>
    request(app).post('/api/contact-requests').send(validRequest({ scheduledDate, scheduledTime }));

  // [clock, notice, the 10th bookable date, the weekday after it]
  const windows: Array<[string, Date, string, string, string]> = [
    ['Wed 8:00', est(4, 8), '2', '2026-03-17', '2026-03-18'],
    [
      'Wed 14:59 (15:00 is too close, 16:00 and 17:00 are not)',
      est(4, 14, 59),
      '2',
      '2026-03-17',
      '2026-03-18',
    ],
    ['Wed 15:30 (no slot 2 hours ahead today)', est(4, 15, 30), '2', '2026-03-18', '2026-03-19'],
    ['Wed 17:30 (after the last slot)', est(4, 17, 30), '0', '2026-03-18', '2026-03-19'],
    ['Wed 23:30', est(4, 23, 30), '2', '2026-03-18', '2026-03-19'],
    ['Fri 16:30 (weekend ahead)', est(6, 16, 30), '2', '2026-03-20', '2026-03-23'],
    ['Sat 12:00', est(7, 12), '2', '2026-03-20', '2026-03-23'],
  ];

  it.each(windows)(
    'at %s: the 10th bookable weekday is open, the next one is not',
    async (_name, now, notice, last, after) => {
      const app = ctx.rebuild({ now: () => now, env: { BOOKING_MIN_NOTICE_HOURS: notice } });
      await book(app, last, '17:00').expect(201);
      const refused = await book(app, after, '09:00').expect(400);
      expect(refused.body.message).toBe('Please choose one of the next 10 weekdays.');
    },
  );

  it('refuses a slot inside the minimum notice with a clear 400, and takes it once the notice is met', async () => {
    // 9:37: the 10:00 slot is 23 minutes away.
    const app = ctx.rebuild({ now: () => est(4, 9, 37) });
    const res = await book(app, '2026-03-04', '10:00').expect(400);
    expect(res.body.message).toBe('Calls must be booked at least 2 hours ahead. Please choose a later time.');
    expect(res.body.fieldErrors).toEqual({ scheduledTime: [res.body.message] });
    await book(app, '2026-03-04', '11:00').expect(400);
    expect(await listContactRequests(ctx.database)).toHaveLength(0);
    await book(app, '2026-03-04', '14:00').expect(201);

    // Exactly the notice ahead is enough.
    const onTheDot = ctx.rebuild({ now: () => est(4, 12) });
    await book(onTheDot, '2026-03-04', '14:00').expect(409);
    await book(onTheDot, '2026-03-04', '15:00').expect(201);
  });

  it('follows BOOKING_MIN_NOTICE_HOURS', async () => {
    const day = ctx.rebuild({ now: () => est(4, 10), env: { BOOKING_MIN_NOTICE_HOURS: '24' } });
    const res = await book(day, '2026-03-05', '09:00').expect(400);
    expect(res.body.message).toMatch(/at least 24 hours ahead/);
    await book(day, '2026-03-05', '10:00').expect(201);
    const half = ctx.rebuild({ now: () => est(4, 10), env: { BOOKING_MIN_NOTICE_HOURS: '0.5' } });
    await book(half, '2026-03-04', '11:00').expect(201);
    const config = await request(half).get('/api/bookings/config').expect(200);
    expect(config.body.minNoticeHours).toBe(0.5);
  });

  it("refuses the owner's days off and reaches further to keep 10 weekdays", async () => {
    const original = ctx.content;
    try {
      ctx.content = {
        ...original,
        daysOff: [
          { from: '2026-03-05', to: '2026-03-05' },
          { from: '2026-03-09', to: '2026-03-13', note: 'Surgery' },
        ],
      };
      const app = ctx.rebuild({ now: () => est(4, 8) });
      const res = await book(app, '2026-03-10', '09:00').expect(400);
      expect(res.body.message).toBe(
        'Tuesday, Mar 10 is a day off, so no calls that day. Please choose another date.',
      );
      await book(app, '2026-03-05', '14:00').expect(400);
      // 4, 6, 16-20, 23-25: the 10th weekday is now March 25.
      await book(app, '2026-03-25', '17:00').expect(201);
      await book(app, '2026-03-26', '09:00').expect(400);
      expect(await listContactRequests(ctx.database)).toHaveLength(1);

      const config = await request(app).get('/api/bookings/config').expect(200);
      // The dates only: the owner's notes are not the booking form's business.
      expect(config.body.daysOff).toEqual([
        { from: '2026-03-05', to: '2026-03-05' },
        { from: '2026-03-09', to: '2026-03-13' },
      ]);
    } finally {
      ctx.content = original;
    }
  });

  it("reads the days off from the owner's availability.json: no call on Thanksgiving", async () => {
    const app = ctx.rebuild({ now: () => new Date('2026-11-24T14:00:00Z') });
    const res = await book(app, '2026-11-26', '10:00').expect(400);
    expect(res.body.message).toMatch(/^Thursday, Nov 26 is a day off/);
    await book(app, '2026-11-25', '10:00').expect(201);
  });
});
