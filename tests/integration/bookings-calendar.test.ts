import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashBrowserKey } from '../../server/services/access/browser-key';
import { cancelContactRequest } from '../../server/services/booking/cancel-contact-request';
import { insertConversation } from '../../server/storage/conversations';
import { useTestApp } from '../helpers/test-app';
import { NOW, icsValue, unfoldIcs, validRequest } from '../helpers/bookings';

// The booked-call card's data: the calls booked from a conversation, for the browser that owns
// it, with an .ics download and a Google Calendar link.

describe('booked calls of a conversation', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000', PUBLIC_URL: 'https://alex.example' },
  });
  const BROWSER_KEY = 'b'.repeat(43);
  const OTHER_KEY = 'o'.repeat(43);
  const cookie = (key: string) => `browser_key=${key}`;

  async function bookFromChat(overrides: Record<string, unknown> = {}) {
    const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
    const res = await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', cookie(BROWSER_KEY))
      .send(
        validRequest({
          fullName: 'Jane Doe',
          phoneNumber: '+1 617 555 0142',
          purpose: 'Scoping a pilot; budget, timeline',
          scheduledDate: '2026-03-09',
          scheduledTime: '09:00',
          conversationId: conversation.id,
          ...overrides,
        }),
      )
      .expect(201);
    return { conversationId: conversation.id, callId: res.body.id as string };
  }

  it('lists the booked call with both links for the owning browser, and nothing for others', async () => {
    const { conversationId, callId } = await bookFromChat();
    const res = await request(ctx.app)
      .get(`/api/conversations/${conversationId}/booked-calls`)
      .set('Cookie', cookie(BROWSER_KEY))
      .expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual([
      {
        id: callId,
        date: '2026-03-09',
        time: '09:00',
        startsAt: '2026-03-09T13:00:00.000Z',
        endsAt: '2026-03-09T14:00:00.000Z',
        ownerTimeZone: 'America/New_York',
        phoneNumber: '+1 617 555 0142',
        email: expect.stringMatching(/@example\.com$/),
        isConfirmed: false,
        manageUrl: expect.stringMatching(/^\/booking#[0-9a-f]{32}\.[\w-]{32}$/),
        calendarFileUrl: `/api/conversations/${conversationId}/booked-calls/${callId}/calendar.ics`,
        googleCalendarUrl: expect.stringMatching(/^https:\/\/calendar\.google\.com\/calendar\/render\?/),
      },
    ]);
    const google = new URL(res.body[0].googleCalendarUrl);
    expect(google.searchParams.get('dates')).toBe('20260309T130000Z/20260309T140000Z');
    expect(google.searchParams.get('text')).toBe('Phone call with Alex Morgan');

    // Another browser, or none: the same 404 as an unknown conversation.
    for (const headers of [{ Cookie: cookie(OTHER_KEY) }, {}]) {
      const other = await request(ctx.app)
        .get(`/api/conversations/${conversationId}/booked-calls`)
        .set(headers);
      expect(other.status).toBe(404);
      // The visitor's name and phone number (a random request id may hold any digits).
      expect(JSON.stringify(other.body)).not.toMatch(/Jane|617\D{0,2}555/);
      await request(ctx.app)
        .get(`/api/conversations/${conversationId}/booked-calls/${callId}/calendar.ics`)
        .set(headers)
        .expect(404);
    }
    await request(ctx.app)
      .get('/api/conversations/not-a-uuid/booked-calls')
      .set('Cookie', cookie(BROWSER_KEY))
      .expect(404);
  });

  it('serves the call as an iCalendar file for the visitor calendar', async () => {
    const { conversationId, callId } = await bookFromChat();
    const res = await request(ctx.app)
      .get(`/api/conversations/${conversationId}/booked-calls/${callId}/calendar.ics`)
      .set('Cookie', cookie(BROWSER_KEY))
      .expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?call-with-2026-03-09\.ics"?$/,
    );
    const ics = res.text;
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const physical of ics.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);
    const lines = unfoldIcs(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(icsValue(lines, 'METHOD')).toBe('PUBLISH');
    // Same uid as the e-mailed invitation: one event in a calendar that gets both.
    expect(icsValue(lines, 'UID')).toBe(`${callId}@alex.example`);
    expect(icsValue(lines, 'DTSTART')).toBe('20260309T130000Z');
    expect(icsValue(lines, 'DTEND')).toBe('20260309T140000Z');
    expect(icsValue(lines, 'SUMMARY')).toBe('Phone call with Alex Morgan');
    expect(icsValue(lines, 'DESCRIPTION')).toBe(
      'Alex Morgan will call you at +1 617 555 0142.\\nPurpose: Scoping a pilot\\; budget\\, timeline',
    );
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    expect(lines.some((line) => line.startsWith('ORGANIZER;CN=Alex Morgan:mailto:'))).toBe(true);

    await request(ctx.app)
      .get(`/api/conversations/${conversationId}/booked-calls/${crypto.randomUUID()}/calendar.ics`)
      .set('Cookie', cookie(BROWSER_KEY))
      .expect(404);
  });

  it('drops cancelled calls, free-text requests and calls that are over', async () => {
    const { conversationId, callId } = await bookFromChat();
    await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', cookie(BROWSER_KEY))
      .send(validRequest({ preferredTime: 'Friday', conversationId }))
      .expect(201);
    const list = () =>
      request(ctx.app)
        .get(`/api/conversations/${conversationId}/booked-calls`)
        .set('Cookie', cookie(BROWSER_KEY))
        .expect(200);
    expect((await list()).body).toHaveLength(1);

    // During the call it stays; once it has ended it goes.
    const during = ctx.rebuild({ now: () => new Date('2026-03-09T13:30:00Z') });
    const listAt = (app: typeof during) =>
      request(app)
        .get(`/api/conversations/${conversationId}/booked-calls`)
        .set('Cookie', cookie(BROWSER_KEY));
    expect((await listAt(during)).body).toHaveLength(1);
    const after = ctx.rebuild({ now: () => new Date('2026-03-09T14:00:00Z') });
    expect((await listAt(after)).body).toEqual([]);

    await cancelContactRequest(ctx.appContext, callId);
    expect((await list()).body).toEqual([]);
  });

  it('publishes whether e-mail is configured, so no confirmation is promised without it', async () => {
    expect((await request(ctx.app).get('/api/bookings/config')).body.isMailConfigured).toBe(false);
    const withMail = ctx.rebuild({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    expect((await request(withMail).get('/api/bookings/config')).body.isMailConfigured).toBe(true);
  });
});
