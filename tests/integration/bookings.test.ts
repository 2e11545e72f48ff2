import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { insertContactRequest } from '../../server/storage/contact-requests';
import { hashBrowserKey } from '../../server/services/access/browser-key';
import { insertConversation } from '../../server/storage/conversations';
import { cancelContactRequest } from '../../server/services/booking/cancel-contact-request';
import { useTestApp } from '../helpers/test-app';
import {
  NOW,
  getConversation,
  icsValue,
  listContactRequests,
  listOutbox,
  unfoldIcs,
  validRequest,
} from '../helpers/bookings';

const SLOT_TIMES_MESSAGE = /Calls start at 09:00, 10:00, 11:00, 14:00, 15:00, 16:00, 17:00/;

describe('call booking API', () => {
  const ctx = useTestApp({ now: () => NOW, env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000' } });

  // The visitor's browser: it started the conversations the tests link (insertConversation below).
  const BROWSER_KEY = 'k'.repeat(43);
  const book = (body: Record<string, unknown>, app = ctx.app, browserKey = BROWSER_KEY) =>
    request(app).post('/api/contact-requests').set('Cookie', `browser_key=${browserKey}`).send(body);

  describe('validation', () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['missing full name', { fullName: undefined }, /^Please enter your full name\.$/],
      ['blank full name', { fullName: '   ' }, /^Please enter your full name\.$/],
      ['missing phone', { phoneNumber: undefined }, /^Please enter your phone number\.$/],
      ['implausible phone', { phoneNumber: 'call me maybe' }, /valid phone number/],
      ['too few digits', { phoneNumber: '12345' }, /valid phone number/],
      ['missing e-mail', { email: undefined }, /^Please enter your e-mail address\.$/],
      ['bad e-mail', { email: 'jane.example.com' }, /^Please enter a valid e-mail address\.$/],
      ['name too long', { fullName: 'x'.repeat(101) }, /too long/],
      ['purpose too long', { purpose: 'x'.repeat(2001) }, /Purpose is too long/],
      ['free text too long', { preferredTime: 'x'.repeat(201) }, /Preferred time is too long/],
      ['12:00 (lunch)', { scheduledDate: '2026-03-09', scheduledTime: '12:00' }, SLOT_TIMES_MESSAGE],
      ['13:00 (lunch)', { scheduledDate: '2026-03-09', scheduledTime: '13:00' }, SLOT_TIMES_MESSAGE],
      [
        '10:30 (not on the hour)',
        { scheduledDate: '2026-03-09', scheduledTime: '10:30' },
        SLOT_TIMES_MESSAGE,
      ],
      ['18:00 (after hours)', { scheduledDate: '2026-03-09', scheduledTime: '18:00' }, SLOT_TIMES_MESSAGE],
      ['Saturday', { scheduledDate: '2026-03-07', scheduledTime: '10:00' }, /only be booked on weekdays/],
      ['Sunday', { scheduledDate: '2026-03-08', scheduledTime: '10:00' }, /only be booked on weekdays/],
      ['earlier today', { scheduledDate: '2026-03-04', scheduledTime: '09:00' }, /already passed/],
      ['starting right now', { scheduledDate: '2026-03-04', scheduledTime: '10:00' }, /already passed/],
      ['yesterday', { scheduledDate: '2026-03-03', scheduledTime: '14:00' }, /already passed/],
      [
        'within the 2-hour notice',
        { scheduledDate: '2026-03-04', scheduledTime: '11:00' },
        /^Calls must be booked at least 2 hours ahead\. Please choose a later time\.$/,
      ],
      ['the 11th weekday', { scheduledDate: '2026-03-18', scheduledTime: '09:00' }, /next 10 weekdays/],
      ['next year', { scheduledDate: '2027-03-09', scheduledTime: '09:00' }, /next 10 weekdays/],
      ['February 30th', { scheduledDate: '2026-02-30', scheduledTime: '09:00' }, /valid date/],
      ['month 13', { scheduledDate: '2026-13-01', scheduledTime: '09:00' }, /valid date/],
      ['not a date', { scheduledDate: 'next monday', scheduledTime: '09:00' }, /valid date/],
      ['date without time', { scheduledDate: '2026-03-09' }, /both a date and a time/],
      ['time without date', { scheduledTime: '09:00' }, /both a date and a time/],
      ['malformed conversation id', { conversationId: 'abc' }, /conversation id is not valid/],
    ];

    it.each(cases)('refuses %s with 400 and stores nothing', async (_name, overrides, message) => {
      const res = await book(validRequest(overrides)).expect(400);
      expect(res.body.message).toMatch(message);
      expect(res.body).not.toHaveProperty('stack');
      expect(await listContactRequests(ctx.database)).toHaveLength(0);
      expect(await listOutbox(ctx.database)).toHaveLength(0);
    });

    it('refuses a body that is not an object', async () => {
      const res = await request(ctx.app)
        .post('/api/contact-requests')
        .set('Content-Type', 'application/json')
        .send('"hello"')
        .expect(400);
      expect(res.body.message).toEqual(expect.any(String));
    });

    it('accepts the last bookable slot of the window and the next one today past the notice', async () => {
      await book(validRequest({ scheduledDate: '2026-03-17', scheduledTime: '17:00' })).expect(201);
      await book(validRequest({ scheduledDate: '2026-03-04', scheduledTime: '14:00' })).expect(201);
    });

    it('treats null and empty slot fields as "no slot"', async () => {
      const res = await book(
        validRequest({ scheduledDate: null, scheduledTime: '', preferredTime: 'Tuesday afternoon' }),
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        scheduledDate: null,
        scheduledTime: null,
        preferredTime: 'Tuesday afternoon',
      });
    });
  });

  describe('booking a slot', () => {
    it('answers 201 with the stored request, its owner-local slot and exact instant', async () => {
      const payload = validRequest({
        fullName: '  Jane Doe ',
        email: 'jane@example.com',
        scheduledDate: '2026-03-09',
        scheduledTime: '09:00',
        preferredTime: 'whatever the form composed',
      });
      const res = await book(payload).expect(201);
      expect(res.body).toMatchObject({
        id: expect.any(String),
        fullName: 'Jane Doe',
        phoneNumber: '+1 (617) 555-0142',
        email: 'jane@example.com',
        purpose: 'A RAG assistant for our support team',
        scheduledDate: '2026-03-09',
        scheduledTime: '09:00',
        // March 9 is after the switch to EDT (UTC-4).
        scheduledAt: '2026-03-09T13:00:00.000Z',
        preferredTime: 'Monday, Mar 9 at 9:00 AM ET',
        conversationId: null,
        isConfirmed: false,
        createdAt: expect.any(String),
      });
      const [row] = await listContactRequests(ctx.database);
      expect(row?.scheduledAt?.toISOString()).toBe('2026-03-09T13:00:00.000Z');
      expect(row?.cancelledAt).toBeNull();
    });

    it('stores a free-text request without a slot', async () => {
      const res = await book(validRequest({ preferredTime: 'Any weekday morning' })).expect(201);
      expect(res.body).toMatchObject({ preferredTime: 'Any weekday morning', scheduledAt: null });
    });

    it('answers 409 with a clear message when the slot is taken', async () => {
      const slot = { scheduledDate: '2026-03-10', scheduledTime: '14:00' };
      await book(validRequest(slot)).expect(201);
      const res = await book(validRequest(slot)).expect(409);
      expect(res.body.message).toBe(
        'Sorry, Tuesday, Mar 10 at 2:00 PM ET has just been booked by someone else. Please choose a different time.',
      );
      expect(await listContactRequests(ctx.database)).toHaveLength(1);
      // Only the first request's two e-mails: the refused one left nothing behind.
      expect(await listOutbox(ctx.database)).toHaveLength(2);
    });

    it('lets many visitors send free-text requests (no slot, no exclusivity)', async () => {
      await book(validRequest()).expect(201);
      await book(validRequest()).expect(201);
      expect(await listContactRequests(ctx.database)).toHaveLength(2);
    });

    it('gives exactly one of 30 simultaneous requests for one slot, the rest 409', async () => {
      const slot = { scheduledDate: '2026-03-11', scheduledTime: '10:00' };
      const responses = await Promise.all(Array.from({ length: 30 }, () => book(validRequest(slot))));
      const statuses = responses.map((res) => res.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      for (const res of responses.filter((r) => r.status === 409))
        expect(res.body.message).toMatch(/just been booked/);
      const rows = await listContactRequests(ctx.database);
      expect(rows).toHaveLength(1);
      const winner = responses.find((res) => res.status === 201)!;
      expect(rows[0]?.id).toBe(winner.body.id);
      expect(await listOutbox(ctx.database)).toHaveLength(2);
    });

    it('frees the slot when a request is cancelled', async () => {
      const slot = { scheduledDate: '2026-03-12', scheduledTime: '16:00' };
      const first = await book(validRequest(slot)).expect(201);
      await book(validRequest(slot)).expect(409);

      const cancelled = await cancelContactRequest(ctx.appContext, first.body.id);
      expect(cancelled.cancelledAt).toEqual(NOW);
      await expect(cancelContactRequest(ctx.appContext, first.body.id)).rejects.toMatchObject({
        status: 409,
      });
      await expect(
        cancelContactRequest(ctx.appContext, '00000000-0000-4000-8000-000000000000'),
      ).rejects.toMatchObject({
        status: 404,
      });
      await expect(cancelContactRequest(ctx.appContext, 'nope')).rejects.toMatchObject({ status: 404 });

      const second = await book(validRequest(slot)).expect(201);
      expect(second.body.id).not.toBe(first.body.id);
      const slots = await request(ctx.app).get('/api/bookings/slots').expect(200);
      expect(slots.body).toEqual([{ date: '2026-03-12', time: '16:00' }]);
    });

    it('counts slots in OWNER_TIMEZONE', async () => {
      const app = ctx.rebuild({ env: { OWNER_TIMEZONE: 'Europe/Berlin', BOOKING_MIN_NOTICE_HOURS: '0' } });
      const res = await book(
        validRequest({ scheduledDate: '2026-03-09', scheduledTime: '09:00' }),
        app,
      ).expect(201);
      // Berlin is on CET (UTC+1) until March 29.
      expect(res.body.scheduledAt).toBe('2026-03-09T08:00:00.000Z');
      expect(res.body.preferredTime).toBe('Monday, Mar 9 at 9:00 AM GMT+1');
      // 16:00 in Berlin is 15:00 UTC: the instant "now", so it has started.
      const past = await book(
        validRequest({ scheduledDate: '2026-03-04', scheduledTime: '16:00' }),
        app,
      ).expect(400);
      expect(past.body.message).toMatch(/already passed/);
      await book(validRequest({ scheduledDate: '2026-03-04', scheduledTime: '17:00' }), app).expect(201);
    });

    it('follows the clock: the same slot is refused once it has started', async () => {
      const slot = { scheduledDate: '2026-03-05', scheduledTime: '09:00' };
      const noNotice = { BOOKING_MIN_NOTICE_HOURS: '0' };
      const later = ctx.rebuild({ env: noNotice, now: () => new Date('2026-03-05T14:00:00Z') });
      await book(validRequest(slot), later).expect(400);
      const earlier = ctx.rebuild({ env: noNotice, now: () => new Date('2026-03-05T13:59:59Z') });
      await book(validRequest(slot), earlier).expect(201);
    });
  });

  describe('GET /api/bookings/slots', () => {
    it('lists active booked slots from today on, with dates and times only', async () => {
      await book(validRequest({ scheduledDate: '2026-03-13', scheduledTime: '09:00' })).expect(201);
      await book(validRequest({ scheduledDate: '2026-03-04', scheduledTime: '17:00' })).expect(201);
      const cancelled = await book(
        validRequest({ scheduledDate: '2026-03-05', scheduledTime: '11:00' }),
      ).expect(201);
      await cancelContactRequest(ctx.appContext, cancelled.body.id);
      await book(validRequest({ preferredTime: 'Friday' })).expect(201);
      // An old booking from last week stays out of the list.
      await insertContactRequest(ctx.database.db, {
        fullName: 'Old Booking',
        phoneNumber: '+1 617 555 0100',
        email: 'old@example.com',
        scheduledDate: '2026-02-25',
        scheduledTime: '09:00',
        scheduledAt: new Date('2026-02-25T14:00:00Z'),
      });

      const res = await request(ctx.app).get('/api/bookings/slots').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual([
        { date: '2026-03-04', time: '17:00' },
        { date: '2026-03-13', time: '09:00' },
      ]);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/@|Jane|Visitor|617|id/i);
    });

    it('is an empty list when nothing is booked', async () => {
      const res = await request(ctx.app).get('/api/bookings/slots').expect(200);
      expect(res.body).toEqual([]);
    });

    it('publishes the owner zone and slot rules for the form', async () => {
      const res = await request(ctx.app).get('/api/bookings/config').expect(200);
      expect(res.body).toEqual({
        ownerTimeZone: 'America/New_York',
        slotTimes: ['09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'],
        windowWeekdays: 10,
        minNoticeHours: 2,
        // Days off from today on only (the alex-morgan fixture's availability.json).
        daysOff: expect.arrayContaining([{ from: '2026-05-25', to: '2026-05-25' }]),
        // No SMTP_URL: the form promises no e-mail.
        isMailConfigured: false,
      });
      for (const range of res.body.daysOff as Array<{ to: string }>)
        expect(range.to >= '2026-03-04').toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/note|Memorial/);
    });
  });

  describe('linking the chat', () => {
    it('fills the conversation with the visitor details and marks the call scheduled', async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      const res = await book(
        validRequest({
          fullName: 'Jane Doe',
          email: 'jane@example.com',
          purpose: 'Scoping a pilot',
          scheduledDate: '2026-03-09',
          scheduledTime: '15:00',
          conversationId: conversation.id,
        }),
      ).expect(201);
      expect(res.body.conversationId).toBe(conversation.id);
      expect(await getConversation(ctx.database, conversation.id)).toMatchObject({
        visitorName: 'Jane Doe',
        visitorEmail: 'jane@example.com',
        visitorPhone: '+1 (617) 555-0142',
        preferredCallTime: 'Monday, Mar 9 at 3:00 PM ET',
        purpose: 'Scoping a pilot',
        isCallScheduled: true,
      });

      // Cancelling the only booking of the chat: no call scheduled any more.
      await cancelContactRequest(ctx.appContext, res.body.id);
      expect((await getConversation(ctx.database, conversation.id))?.isCallScheduled).toBe(false);
    });

    it('keeps a booked slot as the chat call time when a later request only names a preferred time', async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      await book(
        validRequest({
          scheduledDate: '2026-03-09',
          scheduledTime: '15:00',
          conversationId: conversation.id,
        }),
      ).expect(201);
      await book(
        validRequest({
          preferredTime: 'Any evening',
          purpose: 'A follow-up question',
          phoneNumber: '+1 617 555 0199',
          conversationId: conversation.id,
        }),
      ).expect(201);
      expect(await getConversation(ctx.database, conversation.id)).toMatchObject({
        visitorPhone: '+1 617 555 0199',
        preferredCallTime: 'Monday, Mar 9 at 3:00 PM ET',
        isCallScheduled: true,
      });
    });

    it('keeps the chat marked while another of its bookings is active', async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      const one = await book(
        validRequest({
          scheduledDate: '2026-03-09',
          scheduledTime: '09:00',
          conversationId: conversation.id,
        }),
      ).expect(201);
      await book(
        validRequest({
          scheduledDate: '2026-03-10',
          scheduledTime: '09:00',
          conversationId: conversation.id,
        }),
      ).expect(201);
      await cancelContactRequest(ctx.appContext, one.body.id);
      expect((await getConversation(ctx.database, conversation.id))?.isCallScheduled).toBe(true);
    });

    it('records a free-text request on the chat without marking a call scheduled', async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      await book(
        validRequest({
          fullName: 'Sam Lee',
          preferredTime: 'Thursday after 3pm',
          conversationId: conversation.id,
        }),
      ).expect(201);
      expect(await getConversation(ctx.database, conversation.id)).toMatchObject({
        visitorName: 'Sam Lee',
        preferredCallTime: 'Thursday after 3pm',
        isCallScheduled: false,
      });
    });

    it('still books when the conversation id is unknown, without a link', async () => {
      const res = await book(
        validRequest({
          scheduledDate: '2026-03-09',
          scheduledTime: '10:00',
          conversationId: '7d9f0c52-3c1e-4f55-9a7e-1f2b3c4d5e6f',
        }),
      ).expect(201);
      expect(res.body.conversationId).toBeNull();
      const [row] = await listContactRequests(ctx.database);
      expect(row?.conversationId).toBeNull();
    });

    it("books without the link, and leaves the conversation alone, when another browser's id is sent", async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      await book(
        validRequest({ fullName: 'Jane Doe', email: 'jane@example.com', conversationId: conversation.id }),
      );
      for (const browserKey of ['x'.repeat(43), 'not-a-key']) {
        const res = await book(
          validRequest({
            fullName: 'Mallory',
            email: 'mallory@evil.example',
            conversationId: conversation.id,
          }),
          ctx.app,
          browserKey,
        ).expect(201);
        expect(res.body.conversationId).toBeNull();
      }
      const stolen = (await listContactRequests(ctx.database)).filter((row) => row.fullName === 'Mallory');
      expect(stolen.map((row) => row.conversationId)).toEqual([null, null]);
      expect(await getConversation(ctx.database, conversation.id)).toMatchObject({
        visitorName: 'Jane Doe',
        visitorEmail: 'jane@example.com',
      });
    });
  });

  describe('notifications', () => {
    const env = {
      OWNER_EMAIL: 'alex@example.com',
      PUBLIC_URL: 'https://alex.example',
      CONTACT_RATE_LIMIT_PER_HOUR: '1000',
    };

    it('writes the owner notification and the visitor confirmation, each with a valid invite', async () => {
      const app = ctx.rebuild({ env });
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      const res = await book(
        validRequest({
          fullName: 'Jane Doe',
          email: 'jane@example.com',
          purpose: 'Review our agent design; budget, timeline',
          scheduledDate: '2026-03-09',
          scheduledTime: '09:00',
          conversationId: conversation.id,
        }),
        app,
      ).expect(201);

      const outbox = await listOutbox(ctx.database);
      expect(outbox.map((row) => [row.kind, row.toAddress, row.status])).toEqual([
        ['booking_owner_notification', 'alex@example.com', 'pending'],
        ['booking_visitor_confirmation', 'jane@example.com', 'pending'],
        // Due a day before the call (bookings-reminder.test.ts).
        ['booking_visitor_reminder', 'jane@example.com', 'pending'],
      ]);
      const [owner, visitor] = outbox;
      const transcriptUrl = `https://alex.example/api/owner/conversations/${conversation.id}/transcript`;
      expect(owner?.contactRequestId).toBe(res.body.id);
      expect(owner?.subject).toBe('New call booked: Monday, Mar 9 at 9:00 AM ET');
      expect(owner?.subject).not.toMatch(/Jane|@/);
      expect(owner?.body).toContain('When: Monday, Mar 9 at 9:00 AM ET (2026-03-09 13:00 UTC), 60 minutes');
      expect(owner?.body).toContain('Name: Jane Doe');
      expect(owner?.body).toContain('Phone: +1 (617) 555-0142');
      expect(owner?.body).toContain('E-mail: jane@example.com');
      expect(owner?.body).toContain('Purpose: Review our agent design; budget, timeline');
      expect(owner?.body).toContain(`Chat transcript: ${transcriptUrl}`);
      expect(visitor?.subject).toMatch(/^Your call with .+: Monday, Mar 9 at 9:00 AM ET$/);
      expect(visitor?.body).toMatch(/^Hi Jane,/);

      for (const row of [owner, visitor]) {
        const ics = row!.icsContent!;
        expect(ics).toBeTruthy();
        // CRLF line ends and no physical line above 75 octets.
        expect(ics.endsWith('\r\n')).toBe(true);
        expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
        for (const physical of ics.split('\r\n')) expect(Buffer.byteLength(physical)).toBeLessThanOrEqual(75);

        const lines = unfoldIcs(ics);
        expect(lines[0]).toBe('BEGIN:VCALENDAR');
        expect(lines.at(-1)).toBe('END:VCALENDAR');
        expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
        expect(icsValue(lines, 'VERSION')).toBe('2.0');
        expect(icsValue(lines, 'PRODID')).toBeTruthy();
        expect(icsValue(lines, 'METHOD')).toBe('REQUEST');
        expect(icsValue(lines, 'UID')).toBe(`${res.body.id}@alex.example`);
        expect(icsValue(lines, 'DTSTAMP')).toBe('20260304T150000Z');
        expect(icsValue(lines, 'DTSTART')).toBe('20260309T130000Z');
        expect(icsValue(lines, 'DTEND')).toBe('20260309T140000Z');
        expect(icsValue(lines, 'SUMMARY')).toMatch(/^Phone call: Jane Doe and /);
        const description = icsValue(lines, 'DESCRIPTION')!;
        expect(description).toContain('Purpose: Review our agent design\\; budget\\, timeline');
        expect(description).toContain(`\\nChat transcript: ${transcriptUrl}`);
        expect(icsValue(lines, 'URL')).toBe(transcriptUrl);
        expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(
          /^ORGANIZER;CN=.+:mailto:alex@example\.com$/,
        );
        expect(lines.find((l) => l.startsWith('ATTENDEE'))).toMatch(
          /^ATTENDEE;CN=Jane Doe;.*RSVP=TRUE:mailto:jane@example\.com$/,
        );
      }
      // Both copies describe the same event.
      expect(owner?.icsContent).toBe(visitor?.icsContent);
    });

    it('writes no owner notification while OWNER_EMAIL is unset', async () => {
      await book(validRequest({ scheduledDate: '2026-03-09', scheduledTime: '11:00' })).expect(201);
      const outbox = await listOutbox(ctx.database);
      expect(outbox.map((row) => row.kind)).toEqual([
        'booking_visitor_confirmation',
        'booking_visitor_reminder',
      ]);
      expect(outbox.map((row) => row.toAddress)).not.toContain('owner');
      const lines = unfoldIcs(outbox[0]!.icsContent!);
      // No conversation, no transcript link.
      expect(icsValue(lines, 'DESCRIPTION')).not.toContain('Chat transcript');
      expect(icsValue(lines, 'URL')).toBeUndefined();
      expect(lines.find((l) => l.startsWith('ORGANIZER'))).toMatch(/mailto:no-reply@localhost$/);
    });

    it('links the transcript on the local server when PUBLIC_URL is unset', async () => {
      const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
      await book(
        validRequest({
          scheduledDate: '2026-03-09',
          scheduledTime: '14:00',
          conversationId: conversation.id,
        }),
      ).expect(201);
      const [owner] = await listOutbox(ctx.database);
      expect(owner?.body).toContain(
        `Chat transcript: http://localhost:5000/api/owner/conversations/${conversation.id}/transcript`,
      );
    });

    it('sends plain e-mails without an invite for a free-text request', async () => {
      const app = ctx.rebuild({ env });
      await book(validRequest({ fullName: 'Sam Lee', preferredTime: 'Thursday after 3pm' }), app).expect(201);
      const outbox = await listOutbox(ctx.database);
      expect(outbox).toHaveLength(2);
      expect(outbox.map((row) => row.icsContent)).toEqual([null, null]);
      expect(outbox[0]?.subject).toBe('New contact request');
      expect(outbox[0]?.body).toContain('Preferred time: Thursday after 3pm');
      expect(outbox[1]?.body).toMatch(/^Hi Sam,/);
    });
  });

  describe('rate limit', () => {
    it('bounds stored requests per address, not refused ones', async () => {
      const app = ctx.rebuild({ env: { CONTACT_RATE_LIMIT_PER_HOUR: '2' } });
      await book(validRequest({ email: 'bad' }), app).expect(400);
      await book(validRequest(), app).expect(201);
      await book(validRequest(), app).expect(201);
      const res = await book(validRequest(), app).expect(429);
      expect(res.body.message).toMatch(/try again later/);
    });
  });
});
