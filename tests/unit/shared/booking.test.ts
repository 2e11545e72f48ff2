import { describe, expect, it } from 'vitest';
import { SLOT_TIMES } from '@shared/booking';
import { checkSlot } from '@shared/booking-contact-request';
import {
  composePreferredTime,
  describeTimeZone,
  formatDateLabel,
  formatSlotLabel,
  formatVisitorTime,
  getOwnerDate,
  getSlotInstant,
  getZoneAbbreviation,
  isCalendarDate,
  isDayOff,
  listBookableDates,
  listOfferedSlots,
  listSlotsForDate,
} from '@shared/booking-time';

const NY = 'America/New_York';
const VISITOR_ZONES = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Tokyo'];
// No minimum notice and no days off: the bare grid.
const OPEN = { minNoticeHours: 0, daysOff: [] };

/** The wall-clock reading of an instant in a zone. */
const wallClock = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .replace(',', '');

describe('bookable dates', () => {
  it('are the next 10 weekdays starting today on the owner calendar', () => {
    // Wednesday 2026-03-04 10:00 EST.
    expect(listBookableDates(new Date('2026-03-04T15:00:00Z'), NY, OPEN)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
    ]);
  });

  it('start on Monday when today is a weekend day', () => {
    const dates = listBookableDates(new Date('2026-03-07T18:00:00Z'), NY, OPEN);
    expect(dates[0]).toBe('2026-03-09');
    expect(dates).toHaveLength(10);
    expect(dates.at(-1)).toBe('2026-03-20');
  });

  it('follow the owner calendar, not UTC: Friday 11 PM in New York is already Saturday in UTC', () => {
    const now = new Date('2026-03-07T04:00:00Z'); // Fri Mar 6, 23:00 EST
    expect(getOwnerDate(now, NY)).toBe('2026-03-06');
    // ... but all of Friday's slots are over, so none is offered and the window starts Monday.
    expect(listSlotsForDate('2026-03-06', now, NY, OPEN)).toEqual([]);
    expect(listBookableDates(now, NY, OPEN)[0]).toBe('2026-03-09');
    expect(listOfferedSlots(now, NY, OPEN)[0]?.date).toBe('2026-03-09');
  });

  it('never include weekends, across the DST weekend and the year end', () => {
    for (const now of [
      '2026-03-06T12:00:00Z',
      '2026-10-30T12:00:00Z',
      '2026-12-28T12:00:00Z',
      '2027-11-05T12:00:00Z',
    ]) {
      const dates = listBookableDates(new Date(now), NY, OPEN);
      expect(dates).toHaveLength(10);
      for (const date of dates)
        expect(['Saturday', 'Sunday']).not.toContain(formatDateLabel(date).split(',')[0]);
      expect(new Set(dates).size).toBe(10);
    }
    expect(listBookableDates(new Date('2026-12-30T15:00:00Z'), NY, OPEN).slice(0, 4)).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-04',
    ]);
  });
});

describe('slots', () => {
  it('are 9-11 and 14-17 owner time, one hour each, no lunch slots', () => {
    expect(SLOT_TIMES).toEqual(['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00']);
  });

  it('leave out those that have started today', () => {
    const now = new Date('2026-03-04T15:00:00Z'); // 10:00 EST exactly
    expect(listSlotsForDate('2026-03-04', now, NY, OPEN).map((slot) => slot.time)).toEqual([
      '11:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(listOfferedSlots(now, NY, OPEN)).toHaveLength(5 + 9 * 7);
    // After the day's last slot has started, today is not counted: still 10 dates, 10 x 7 slots.
    const evening = new Date('2026-03-04T22:30:00Z'); // 17:30 EST
    expect(listBookableDates(evening, NY, OPEN)).toHaveLength(10);
    expect(listBookableDates(evening, NY, OPEN)[0]).toBe('2026-03-05');
    expect(listOfferedSlots(evening, NY, OPEN)).toHaveLength(10 * 7);
  });

  // [owner date, time, UTC instant]: the weeks around each DST change in America/New_York.
  const instants: Array<[string, string, string]> = [
    ['2026-03-06', '09:00', '2026-03-06T14:00:00.000Z'], // Fri, EST (UTC-5)
    ['2026-03-09', '09:00', '2026-03-09T13:00:00.000Z'], // Mon after Mar 8: EDT (UTC-4)
    ['2026-03-09', '17:00', '2026-03-09T21:00:00.000Z'],
    ['2026-10-30', '14:00', '2026-10-30T18:00:00.000Z'], // Fri, EDT
    ['2026-11-02', '14:00', '2026-11-02T19:00:00.000Z'], // Mon after Nov 1: EST
    ['2027-03-12', '09:00', '2027-03-12T14:00:00.000Z'], // Fri, EST
    ['2027-03-15', '09:00', '2027-03-15T13:00:00.000Z'], // Mon after Mar 14 2027: EDT
    ['2027-11-05', '11:00', '2027-11-05T15:00:00.000Z'], // Fri, EDT
    ['2027-11-08', '11:00', '2027-11-08T16:00:00.000Z'], // Mon after Nov 7 2027: EST
  ];

  it.each(instants)('%s %s New York time is %s', (date, time, iso) => {
    expect(getSlotInstant(date, time, NY).toISOString()).toBe(iso);
  });

  it('is the same instant whatever the host zone', () => {
    const originalTz = process.env.TZ;
    try {
      for (const hostZone of ['UTC', ...VISITOR_ZONES]) {
        process.env.TZ = hostZone;
        for (const [date, time, iso] of instants) {
          expect(getSlotInstant(date, time, NY).toISOString()).toBe(iso);
        }
        expect(formatDateLabel('2026-03-09')).toBe('Monday, Mar 9');
      }
    } finally {
      process.env.TZ = originalTz;
    }
  });

  it('follows OWNER_TIMEZONE', () => {
    expect(getSlotInstant('2026-03-09', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-09T08:00:00.000Z',
    );
    expect(getSlotInstant('2026-03-30', '09:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-30T07:00:00.000Z',
    );
    expect(getSlotInstant('2026-03-09', '09:00', 'Asia/Tokyo').toISOString()).toBe(
      '2026-03-09T00:00:00.000Z',
    );
  });
});

describe('visitor time labels', () => {
  // 9:00 AM ET seen from Berlin: 6 hours ahead normally, 5 in the weeks between the US and the
  // EU switch (US: Mar 8 / Nov 1 2026, EU: Mar 29 / Oct 25 2026).
  const berlin: Array<[string, string]> = [
    ['2026-03-06', '9 AM ET · 3 PM your time'],
    ['2026-03-09', '9 AM ET · 2 PM your time'],
    ['2026-03-27', '9 AM ET · 2 PM your time'],
    ['2026-03-30', '9 AM ET · 3 PM your time'],
    ['2026-10-23', '9 AM ET · 3 PM your time'],
    ['2026-10-26', '9 AM ET · 2 PM your time'],
    ['2026-11-02', '9 AM ET · 3 PM your time'],
  ];
  it.each(berlin)('Berlin, %s: %s', (date, label) => {
    expect(formatSlotLabel(date, '09:00', NY, 'Europe/Berlin')).toBe(label);
  });

  it('Los Angeles is three hours behind on both sides of the DST change', () => {
    expect(formatSlotLabel('2026-03-06', '09:00', NY, 'America/Los_Angeles')).toBe(
      '9 AM ET · 6 AM your time',
    );
    expect(formatSlotLabel('2026-03-09', '09:00', NY, 'America/Los_Angeles')).toBe(
      '9 AM ET · 6 AM your time',
    );
    expect(formatSlotLabel('2026-11-02', '14:00', NY, 'America/Los_Angeles')).toBe(
      '2 PM ET · 11 AM your time',
    );
  });

  it('Tokyo (no DST) names the next day when the slot falls on it there, and marks the night', () => {
    expect(formatSlotLabel('2026-03-09', '09:00', NY, 'Asia/Tokyo')).toBe('9 AM ET · 10 PM your time ☾');
    expect(formatSlotLabel('2026-03-06', '09:00', NY, 'Asia/Tokyo')).toBe('9 AM ET · 11 PM your time ☾');
    expect(formatSlotLabel('2026-03-06', '11:00', NY, 'Asia/Tokyo')).toBe('11 AM ET · Sat 1 AM your time ☾');
    expect(formatSlotLabel('2026-03-09', '17:00', NY, 'Asia/Tokyo')).toBe('5 PM ET · Tue 6 AM your time');
    // The narrowest phones: the hint beside the select says whose time follows the dot.
    expect(formatSlotLabel('2026-03-06', '11:00', NY, 'Asia/Tokyo', true)).toBe('11 AM ET · Sat 1 AM ☾');
  });

  it('shows minutes only where the visitor clock has them (India is UTC+5:30)', () => {
    expect(formatSlotLabel('2026-03-09', '09:00', NY, 'Asia/Kolkata')).toBe('9 AM ET · 6:30 PM your time');
  });

  it('stay short enough for a select, the compact form for a phone, booked ones included', () => {
    for (const zone of [...VISITOR_ZONES, 'Asia/Kolkata', 'Pacific/Auckland'])
      for (const time of SLOT_TIMES) {
        expect(`${formatSlotLabel('2026-03-09', time, NY, zone)} (Booked)`.length).toBeLessThanOrEqual(44);
        expect(`${formatSlotLabel('2026-03-09', time, NY, zone, true)} (Booked)`.length).toBeLessThanOrEqual(
          34,
        );
      }
  });

  it('names the visitor zone for people', () => {
    const at = new Date('2026-03-09T13:00:00Z');
    expect(describeTimeZone('Europe/Berlin', at)).toBe('Central European Time (Berlin)');
    expect(describeTimeZone('America/Los_Angeles', at)).toBe('Pacific Time (Los Angeles)');
    expect(describeTimeZone('UTC', at)).toBe('Coordinated Universal Time (UTC)');
  });

  it('adds nothing for a visitor on the owner clock', () => {
    expect(formatSlotLabel('2026-03-09', '09:00', NY, NY)).toBe('9 AM ET');
    expect(formatVisitorTime('2026-03-09', '09:00', NY, 'America/Toronto')).toBeNull();
    expect(formatSlotLabel('2026-03-09', '14:00', NY, 'America/Detroit')).toBe('2 PM ET');
  });

  it('every label names the same instant as the slot', () => {
    for (const [date, time] of [
      ['2026-03-09', '09:00'],
      ['2026-11-02', '17:00'],
      ['2027-03-15', '11:00'],
    ] as const) {
      const start = getSlotInstant(date, time, NY);
      for (const zone of VISITOR_ZONES) {
        const label = formatSlotLabel(date, time, NY, zone);
        const visitorClock = wallClock(start, zone).slice(11); // "HH:mm"
        const [hours, minutes] = visitorClock.split(':').map(Number);
        const clock = minutes ? `:${String(minutes).padStart(2, '0')}` : '';
        const twelve = `${((hours! + 11) % 12) + 1}${clock} ${hours! < 12 ? 'AM' : 'PM'}`;
        expect(label).toContain(`${twelve} your time`);
      }
    }
  });

  it('abbreviates zones briefly', () => {
    const at = new Date('2026-03-09T13:00:00Z');
    expect(getZoneAbbreviation(NY, at)).toBe('ET');
    expect(getZoneAbbreviation('America/Los_Angeles', at)).toBe('PT');
    expect(getZoneAbbreviation('Europe/Berlin', at)).toBe('GMT+1');
    expect(getZoneAbbreviation('Asia/Tokyo', at)).toBe('GMT+9');
  });

  it('composes the preferred-time text from weekday, month, day and the owner time', () => {
    expect(composePreferredTime('2026-03-09', '09:00', NY)).toBe('Monday, Mar 9 at 9:00 AM ET');
    expect(composePreferredTime('2026-11-02', '17:00', NY)).toBe('Monday, Nov 2 at 5:00 PM ET');
  });
});

describe('slot checks', () => {
  const now = new Date('2026-03-04T15:00:00Z');
  const check = (date: string, time: string) => checkSlot(date, time, now, NY, OPEN);

  it('accepts an offered slot', () => {
    expect(check('2026-03-09', '09:00')).toBeNull();
    expect(check('2026-03-17', '17:00')).toBeNull();
  });

  it.each([
    ['2026-02-30', '09:00', 'scheduledDate', /valid date/],
    ['2026-03-09', '12:00', 'scheduledTime', /Calls start at/],
    ['2026-03-09', '10:30', 'scheduledTime', /Calls start at/],
    ['2026-03-07', '09:00', 'scheduledDate', /weekdays/],
    ['2026-03-03', '09:00', 'scheduledTime', /already passed/],
    ['2026-03-18', '09:00', 'scheduledDate', /next 10 weekdays/],
    ['2026-03-04', '10:00', 'scheduledTime', /already passed/],
  ])('refuses %s %s', (date, time, field, message) => {
    const problem = check(date, time);
    expect(problem?.field).toBe(field);
    expect(problem?.message).toMatch(message);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-3-9')).toBe(false);
  });
});

describe('minimum notice and days off', () => {
  const TWO_HOURS = { minNoticeHours: 2, daysOff: [] };

  it('leaves out slots that start within the notice, on the list and in the check', () => {
    const now = new Date('2026-03-04T14:37:00Z'); // 9:37 EST: 10:00 is 23 minutes away
    expect(listSlotsForDate('2026-03-04', now, NY, TWO_HOURS).map((slot) => slot.time)).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ]);
    expect(checkSlot('2026-03-04', '10:00', now, NY, TWO_HOURS)?.message).toBe(
      'Calls must be booked at least 2 hours ahead. Please choose a later time.',
    );
    expect(checkSlot('2026-03-04', '11:00', now, NY, TWO_HOURS)?.field).toBe('scheduledTime');
    expect(checkSlot('2026-03-04', '14:00', now, NY, TWO_HOURS)).toBeNull();
    // Exactly the notice ahead is fine.
    expect(checkSlot('2026-03-04', '14:00', new Date('2026-03-04T17:00:00Z'), NY, TWO_HOURS)).toBeNull();
  });

  it('always lists 10 dates, whatever the hour', () => {
    for (let hour = 0; hour < 24; hour += 1) {
      const now = new Date(Date.UTC(2026, 2, 4, hour, 30));
      const dates = listBookableDates(now, NY, TWO_HOURS);
      expect(dates).toHaveLength(10);
      for (const date of dates) expect(listSlotsForDate(date, now, NY, TWO_HOURS).length).toBeGreaterThan(0);
    }
    // 16:30 EST with 2 hours' notice: today's last slot (17:00) is too close, so today is out.
    expect(listBookableDates(new Date('2026-03-04T21:30:00Z'), NY, TWO_HOURS)[0]).toBe('2026-03-05');
  });

  it('skips days off and refuses them', () => {
    const limits = {
      minNoticeHours: 0,
      daysOff: [
        { from: '2026-03-05', to: '2026-03-05' },
        { from: '2026-03-10', to: '2026-03-12' },
      ],
    };
    const now = new Date('2026-03-04T15:00:00Z');
    expect(listBookableDates(now, NY, limits)).toEqual([
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-13',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
      '2026-03-19',
      '2026-03-20',
      '2026-03-23',
    ]);
    expect(listSlotsForDate('2026-03-11', now, NY, limits)).toEqual([]);
    expect(checkSlot('2026-03-11', '09:00', now, NY, limits)).toEqual({
      field: 'scheduledDate',
      message: 'Wednesday, Mar 11 is a day off, so no calls that day. Please choose another date.',
    });
    // The window reaches further to make up for the days off.
    expect(checkSlot('2026-03-23', '09:00', now, NY, limits)).toBeNull();
    expect(isDayOff('2026-03-12', limits.daysOff)).toBe(true);
    expect(isDayOff('2026-03-13', limits.daysOff)).toBe(false);
  });

  it('stops looking after a year when days off cover everything', () => {
    const limits = { minNoticeHours: 0, daysOff: [{ from: '2026-01-01', to: '2030-12-31' }] };
    expect(listBookableDates(new Date('2026-03-04T15:00:00Z'), NY, limits)).toEqual([]);
  });
});
