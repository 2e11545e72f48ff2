import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { insertMessage } from '../../server/storage/messages';
import { insertConversation } from '../../server/storage/conversations';
import { useTestApp } from '../helpers/test-app';
import { NOW, icsValue, listOutbox, unfoldIcs, validRequest } from '../helpers/bookings';
import { hashBrowserKey } from '../../server/services/access/browser-key';

// The visitor's browser: a booking links a chat only when sent by the browser that owns it.
const BROWSER_KEY = 'k'.repeat(43);
const BROWSER = `browser_key=${BROWSER_KEY}`;

const TOKEN = 'owner-token-for-tests-0123456789';

export const DESK_PATHS: [method: 'get' | 'post', path: string][] = [
  ['get', '/api/owner/leads'],
  ['get', '/api/owner/leads/calls'],
  ['get', '/api/owner/leads/requests'],
  ['get', '/api/owner/contact-requests.csv'],
  ['post', '/api/owner/contact-requests/00000000-0000-4000-8000-000000000000/confirm'],
  ['post', '/api/owner/contact-requests/00000000-0000-4000-8000-000000000000/done'],
  ['get', '/api/owner/conversations'],
  ['get', '/api/owner/conversations/00000000-0000-4000-8000-000000000000'],
  ['get', '/api/owner/unanswered-question-groups'],
  ['get', '/api/owner/subscribers'],
  ['get', '/api/owner/mail'],
  ['post', '/api/owner/mail/00000000-0000-4000-8000-000000000000/retry'],
];

describe('owner desk: calls and leads', () => {
  const ctx = useTestApp({ now: () => NOW, env: { OWNER_API_TOKEN: TOKEN } });
  const asOwner = (req: request.Test) => req.set('Authorization', `Bearer ${TOKEN}`);
  const book = async (overrides: Record<string, unknown>) =>
    (
      await request(ctx.app)
        .post('/api/contact-requests')
        .set('Cookie', BROWSER)
        .send(validRequest(overrides))
        .expect(201)
    ).body as {
      id: string;
    };

  it.each(DESK_PATHS)('answers 401 without credentials: %s %s', async (method, path) => {
    const res = await request(ctx.app)[method](path).expect(401);
    expect(res.body.message).toMatch(/sign in/i);
    await asOwner(request(ctx.app)[method](path)).set('Authorization', `Bearer ${TOKEN}x`).expect(401);
  });

  it('lists open calls soonest first and free-text requests, each with the chat it came from', async () => {
    const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
    await insertMessage(ctx.database.db, {
      conversationId: conversation.id,
      role: 'user',
      content: 'Can we talk about RAG?',
    });
    await insertMessage(ctx.database.db, {
      conversationId: conversation.id,
      role: 'assistant',
      content: 'Sure.',
    });
    const later = await book({ scheduledDate: '2026-03-10', scheduledTime: '10:00' });
    const sooner = await book({
      scheduledDate: '2026-03-09',
      scheduledTime: '09:00',
      conversationId: conversation.id,
    });
    const asked = await book({ preferredTime: 'Mornings' });

    const res = await asOwner(request(ctx.app).get('/api/owner/leads')).expect(200);
    expect(res.body.calls.map((lead: { id: string }) => lead.id)).toEqual([sooner.id, later.id]);
    expect(res.body.requests.map((lead: { id: string }) => lead.id)).toEqual([asked.id]);
    expect(res.body.calls[0].conversation).toMatchObject({
      id: conversation.id,
      messageCount: 2,
      ledToBooking: true,
      firstQuestion: 'Can we talk about RAG?',
    });
    expect(res.body.calls[1].conversation).toBeNull();
    expect(res.body.calls[0].completedAt).toBeNull();
  });

  it('confirms once: isConfirmed and one visitor confirmation with the invitation', async () => {
    const booked = await book({
      email: 'ada@example.com',
      scheduledDate: '2026-03-09',
      scheduledTime: '10:00',
    });
    const res = await asOwner(
      request(ctx.app).post(`/api/owner/contact-requests/${booked.id}/confirm`),
    ).expect(200);
    expect(res.body.isConfirmed).toBe(true);
    await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${booked.id}/confirm`)).expect(200);

    const confirmations = (await listOutbox(ctx.database)).filter(
      (row) => row.kind === 'booking_visitor_confirmed',
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.toAddress).toBe('ada@example.com');
    const ics = unfoldIcs(confirmations[0]!.icsContent!);
    expect(icsValue(ics, 'METHOD')).toBe('REQUEST');
    expect(icsValue(ics, 'DTSTART')).toBe('20260309T140000Z');
    expect(icsValue(ics, 'UID')).toBe(`${booked.id}@localhost`);
  });

  it('confirms a free-text request with a note and no invitation', async () => {
    const asked = await book({ preferredTime: 'Afternoons' });
    await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${asked.id}/confirm`)).expect(200);
    const [mail] = (await listOutbox(ctx.database)).filter((row) => row.kind === 'booking_visitor_confirmed');
    expect(mail!.icsContent).toBeNull();
  });

  it('refuses to confirm or mark done a cancelled request (409) and an unknown one (404)', async () => {
    const booked = await book({ scheduledDate: '2026-03-09', scheduledTime: '11:00' });
    await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${booked.id}/cancel`)).expect(200);
    for (const action of ['confirm', 'done']) {
      await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${booked.id}/${action}`)).expect(409);
      await asOwner(request(ctx.app).post(`/api/owner/contact-requests/nope/${action}`)).expect(404);
      await asOwner(
        request(ctx.app).post(`/api/owner/contact-requests/00000000-0000-4000-8000-000000000000/${action}`),
      ).expect(404);
    }
    const mails = await listOutbox(ctx.database);
    expect(mails.filter((row) => row.kind === 'booking_visitor_confirmed')).toEqual([]);
  });

  it('marks done: the lead leaves the open list, and repeating keeps the first time', async () => {
    const booked = await book({ scheduledDate: '2026-03-09', scheduledTime: '10:00' });
    const res = await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${booked.id}/done`)).expect(
      200,
    );
    expect(res.body.completedAt).toBe(NOW.toISOString());
    const again = ctx.rebuild({ now: () => new Date(NOW.getTime() + 60_000) });
    const repeat = await asOwner(request(again).post(`/api/owner/contact-requests/${booked.id}/done`)).expect(
      200,
    );
    expect(repeat.body.completedAt).toBe(NOW.toISOString());
    const leads = await asOwner(request(ctx.app).get('/api/owner/leads')).expect(200);
    expect(leads.body.calls).toEqual([]);
  });

  it('exports every request as CSV: quoted per RFC 4180 and safe from spreadsheet formulas', async () => {
    await book({
      fullName: '=HYPERLINK("http://evil") Smith',
      purpose: 'Line one\nline two, with "quotes"',
      scheduledDate: '2026-03-09',
      scheduledTime: '09:00',
    });
    await book({ fullName: '@SUM(A1) Jones', phoneNumber: '+1 617 555 0100', preferredTime: 'Mornings' });
    const res = await asOwner(request(ctx.app).get('/api/owner/contact-requests.csv')).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="?contact-requests-2026-03-04\.csv/,
    );
    const text = res.text;
    expect(text.split('\r\n')[0]).toBe(
      'id,created_at,status,full_name,email,phone,scheduled_owner_time,scheduled_at_utc,preferred_time,purpose,conversation_id',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"") Smith"`);
    expect(text).toContain(",'@SUM(A1) Jones,");
    expect(text).toContain(",'+1 617 555 0100,");
    expect(text).toContain('"Line one\nline two, with ""quotes"""');
    expect(text).toContain(',2026-03-09T13:00:00.000Z,');
    expect(text.endsWith('\r\n')).toBe(true);
  });
});
