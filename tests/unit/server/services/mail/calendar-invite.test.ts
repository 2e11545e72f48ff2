import { describe, expect, it } from 'vitest';
import {
  buildCalendarInvite,
  escapeText,
  foldLine,
  formatUtcDateTime,
  getInviteMethod,
} from '../../../../../server/services/mail/calendar-invite';
import { buildGoogleCalendarUrl } from '../../../../../shared/booked-call';

const unfold = (text: string) => text.replace(/\r\n /g, '');

describe('the .ics builder', () => {
  it('formats instants as UTC date-times', () => {
    expect(formatUtcDateTime(new Date('2026-03-09T13:00:00.000Z'))).toBe('20260309T130000Z');
  });

  it('escapes TEXT values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting UTF-8 characters', () => {
    const line = `DESCRIPTION:${'Grüße aus München 🌍 '.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const part of physical) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain('\uFFFD');
    }
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(unfold(folded)).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('builds a REQUEST with one event, its attendee and organizer', () => {
    const ics = buildCalendarInvite({
      uid: 'abc@example.com',
      start: new Date('2026-03-09T13:00:00Z'),
      end: new Date('2026-03-09T14:00:00Z'),
      stampedAt: new Date('2026-03-04T15:00:00Z'),
      summary: 'Phone call: Jane and Alex',
      description: 'Purpose: pilot, budget\nChat transcript: https://x.example/t',
      url: 'https://x.example/t',
      organizer: { name: 'Alex "The Architect" Morgan', email: 'alex@example.com' },
      attendee: { name: 'Doe, Jane', email: 'jane@example.com' },
      productId: '-//Alex//Call booking//EN',
    });
    const lines = unfold(ics).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'UID:abc@example.com',
        'DTSTAMP:20260304T150000Z',
        'DTSTART:20260309T130000Z',
        'DTEND:20260309T140000Z',
        'DESCRIPTION:Purpose: pilot\\, budget\\nChat transcript: https://x.example/t',
        'ORGANIZER;CN=Alex The Architect Morgan:mailto:alex@example.com',
        'ATTENDEE;CN="Doe, Jane";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:jane@example.com',
      ]),
    );
    expect(lines.filter((line) => line.startsWith('BEGIN:'))).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'BEGIN:VALARM',
    ]);
    expect(lines.filter((line) => line.startsWith('END:'))).toEqual([
      'END:VALARM',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('builds a PUBLISH for the visitor download: no attendee, no reply asked, same event shape', () => {
    const ics = buildCalendarInvite({
      uid: 'abc@example.com',
      start: new Date('2026-03-09T13:00:00Z'),
      end: new Date('2026-03-09T14:00:00Z'),
      stampedAt: new Date('2026-03-04T15:00:00Z'),
      summary: 'Phone call with Alex Morgan',
      description: 'Alex Morgan will call you at +1 617 555 0142.',
      organizer: { name: 'Alex Morgan', email: 'alex@example.com' },
      attendee: { name: 'Jane', email: 'jane@example.com' },
      productId: '-//Alex//Call booking//EN',
      isPublished: true,
    });
    const lines = unfold(ics).split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        'SUMMARY:Phone call with Alex Morgan',
        'STATUS:CONFIRMED',
        'ORGANIZER;CN=Alex Morgan:mailto:alex@example.com',
      ]),
    );
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(getInviteMethod(ics)).toBe('PUBLISH');
  });
});

describe('the Google Calendar link', () => {
  it('prefills title, UTC start/end and details on the add-event page', () => {
    const url = new URL(
      buildGoogleCalendarUrl({
        title: 'Phone call with Alex Morgan',
        start: new Date('2026-03-09T13:00:00Z'),
        end: new Date('2026-03-09T14:00:00Z'),
        details: 'Alex will call you at +1 617 555 0142.\nPurpose: a pilot & more',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Phone call with Alex Morgan');
    expect(url.searchParams.get('dates')).toBe('20260309T130000Z/20260309T140000Z');
    expect(url.searchParams.get('details')).toBe(
      'Alex will call you at +1 617 555 0142.\nPurpose: a pilot & more',
    );
  });
});
