import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hashBrowserKey } from '../../server/services/access/browser-key';
import { confirmContactRequest } from '../../server/services/desk/contact-request-actions';
import { insertConversation } from '../../server/storage/conversations';
import { useTestApp } from '../helpers/test-app';
import { NOW, icsValue, listOutbox, unfoldIcs, validRequest } from '../helpers/bookings';
import { TEST_SESSION_SECRET } from '../helpers/voice';

// A booking the visitor can manage: the card, the .ics, the mails and the desk tell the same
// state (tentative until the owner confirms), and a signed link (never a bare id, nothing
// personal in it) lets the visitor cancel or move the call, which frees the slot.

describe('a booked call the visitor manages through the signed link', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: {
      CONTACT_RATE_LIMIT_PER_HOUR: '1000',
      PUBLIC_URL: 'https://alex.example',
      SESSION_SECRET: TEST_SESSION_SECRET,
    },
  });
  const BROWSER_KEY = 'm'.repeat(43);
  const cookie = `browser_key=${BROWSER_KEY}`;

  async function bookFromChat(slot = { scheduledDate: '2026-03-09', scheduledTime: '09:00' }) {
    const conversation = await insertConversation(ctx.database.db, hashBrowserKey(BROWSER_KEY));
    const booked = await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', cookie)
      .send(validRequest({ fullName: 'Jane Doe', conversationId: conversation.id, ...slot }))
      .expect(201);
    const calls = await request(ctx.app)
      .get(`/api/conversations/${conversation.id}/booked-calls`)
      .set('Cookie', cookie)
      .expect(200);
    const call = calls.body[0];
    return { id: booked.body.id as string, conversationId: conversation.id, call };
  }
  const tokenOf = (manageUrl: string) => manageUrl.split('#')[1]!;
  const slots = async () => (await request(ctx.app).get('/api/bookings/slots').expect(200)).body;

  it('is tentative on the card, in the .ics and in the mail until the owner confirms', async () => {
    const { id, call } = await bookFromChat();
    expect(call.isConfirmed).toBe(false);
    expect(call.manageUrl).toMatch(/^\/booking#[0-9a-f]{32}\.[\w-]{32}$/);
    // The link is not the bare id, and carries nothing about the visitor.
    expect(call.manageUrl).not.toContain(id);
    expect(call.manageUrl).not.toMatch(/jane|example|617\D{0,2}555/i);
    const ics = async () =>
      unfoldIcs((await request(ctx.app).get(call.calendarFileUrl).set('Cookie', cookie).expect(200)).text);
    expect(icsValue(await ics(), 'STATUS')).toBe('TENTATIVE');

    const visitorMail = (await listOutbox(ctx.database)).find(
      (row) => row.kind === 'booking_visitor_confirmation',
    )!;
    expect(visitorMail.body).toContain('will confirm it shortly');
    expect(visitorMail.body).toContain(`To reschedule or cancel: https://alex.example${call.manageUrl}`);
    expect(icsValue(unfoldIcs(visitorMail.icsContent!), 'STATUS')).toBe('TENTATIVE');

    await confirmContactRequest(ctx.appContext, id);
    expect(icsValue(await ics(), 'STATUS')).toBe('CONFIRMED');
    const managed = await request(ctx.app)
      .post('/api/bookings/manage')
      .send({ token: tokenOf(call.manageUrl) });
    expect(managed.body.status).toBe('confirmed');
  });

  it('writes no owner mail while OWNER_EMAIL is unset', async () => {
    await bookFromChat();
    const kinds = (await listOutbox(ctx.database)).map((row) => row.kind);
    expect(kinds).not.toContain('booking_owner_notification');
    expect((await listOutbox(ctx.database)).every((row) => row.toAddress !== 'owner')).toBe(true);
  });

  it('shows the call without personal data, and refuses forged or malformed links with 404', async () => {
    const { call } = await bookFromChat();
    const token = tokenOf(call.manageUrl);
    const res = await request(ctx.app).post('/api/bookings/manage').send({ token }).expect(200);
    expect(res.body).toMatchObject({
      date: '2026-03-09',
      time: '09:00',
      status: 'tentative',
      ownerName: 'Alex Morgan',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/jane|example\.com|617\D{0,2}555/i);

    const forged = `${token.slice(0, 33)}${token.at(33) === 'A' ? 'B' : 'A'}${token.slice(34)}`;
    for (const bad of [forged, 'x', token.split('.')[0]!])
      expect(
        (await request(ctx.app).post('/api/bookings/manage').send({ token: bad }).expect(404)).body.message,
      ).toMatch(/not valid/);
    await request(ctx.app).post('/api/bookings/manage').send({}).expect(400);
  });

  it('cancels: the slot is free again, the owner is told, the reminder is dropped, a second cancel is 409', async () => {
    const app = ctx.rebuild({ env: { OWNER_EMAIL: 'owner@example.com' } });
    const { call } = await bookFromChat();
    const token = tokenOf(call.manageUrl);
    expect(await slots()).toEqual([{ date: '2026-03-09', time: '09:00' }]);
    expect((await listOutbox(ctx.database)).map((row) => row.kind)).toContain('booking_visitor_reminder');

    const res = await request(app).post('/api/bookings/manage/cancel').send({ token }).expect(200);
    expect(res.body.status).toBe('cancelled');
    expect(await slots()).toEqual([]);
    const outbox = await listOutbox(ctx.database);
    expect(outbox.map((row) => row.kind)).not.toContain('booking_visitor_reminder');
    const toOwner = outbox.find((row) => row.kind === 'booking_owner_cancellation')!;
    expect(toOwner.toAddress).toBe('owner@example.com');
    expect(toOwner.body).toContain('Jane Doe cancelled the call on Monday, Mar 9 at 9:00 AM ET');
    expect(outbox.find((row) => row.kind === 'booking_visitor_cancellation')!.icsContent).toContain(
      'METHOD:CANCEL',
    );

    await request(app).post('/api/bookings/manage/cancel').send({ token }).expect(409);
    expect((await request(app).post('/api/bookings/manage').send({ token }).expect(200)).body.status).toBe(
      'cancelled',
    );
  });

  it('moves the call to a free slot: the old slot frees, the new link works, a taken slot is 409', async () => {
    const { call, conversationId } = await bookFromChat();
    await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ scheduledDate: '2026-03-10', scheduledTime: '10:00' }))
      .expect(201);
    const token = tokenOf(call.manageUrl);
    const move = (slot: Record<string, string>) =>
      request(ctx.app)
        .post('/api/bookings/manage/reschedule')
        .send({ token, ...slot });

    expect(
      (await move({ scheduledDate: '2026-03-10', scheduledTime: '10:00' }).expect(409)).body.message,
    ).toMatch(/just been booked/);
    expect(
      (await move({ scheduledDate: '2026-03-07', scheduledTime: '10:00' }).expect(400)).body.message,
    ).toMatch(/weekdays/);
    await move({ scheduledDate: '2026-03-09', scheduledTime: '09:00' }).expect(400);

    const moved = await move({ scheduledDate: '2026-03-11', scheduledTime: '14:00' }).expect(200);
    expect(moved.body).toMatchObject({ date: '2026-03-11', time: '14:00', status: 'tentative' });
    expect(moved.body.manageUrl).not.toBe(call.manageUrl);
    expect(await slots()).toEqual([
      { date: '2026-03-10', time: '10:00' },
      { date: '2026-03-11', time: '14:00' },
    ]);
    // The old link shows the cancelled call; the chat's card follows the new one.
    expect(
      (await request(ctx.app).post('/api/bookings/manage').send({ token }).expect(200)).body.status,
    ).toBe('cancelled');
    const calls = await request(ctx.app)
      .get(`/api/conversations/${conversationId}/booked-calls`)
      .set('Cookie', cookie)
      .expect(200);
    expect(calls.body.map((c: { date: string }) => c.date)).toEqual(['2026-03-11']);
    const visitorMoved = (await listOutbox(ctx.database)).find(
      (row) => row.kind === 'booking_visitor_cancellation',
    )!;
    expect(visitorMoved.subject).toBe('Your call with Alex Morgan moved to Wednesday, Mar 11 at 2:00 PM ET');
    const reminders = (await listOutbox(ctx.database)).filter(
      (row) => row.kind === 'booking_visitor_reminder',
    );
    // The first visitor's reminder went with the old slot; the other booking's and the new one stay.
    expect(reminders.map((row) => row.nextAttemptAt?.toISOString()).sort()).toEqual([
      '2026-03-09T14:00:00.000Z',
      '2026-03-10T18:00:00.000Z',
    ]);
  });
});
