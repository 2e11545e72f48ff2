import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app';
import { listContactRequests, NOW, validRequest } from '../helpers/bookings';
import { VAPI_TEST_SECRET } from '../helpers/voice';

// The API reads JSON bodies only: a body of another type is refused with 415, not read as empty.

describe('request bodies that are not JSON', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: { VAPI_WEBHOOK_SECRET: VAPI_TEST_SECRET, CONTACT_RATE_LIMIT_PER_HOUR: '1000' },
  });

  const types = [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ];

  it.each(types)('answers 415 with a message to a %s body and stores nothing', async (type) => {
    const res = await request(ctx.app)
      .post('/api/contact-requests')
      .set('Content-Type', type)
      .send(JSON.stringify(validRequest()));
    expect(res.status).toBe(415);
    expect(res.type).toBe('application/json');
    expect(res.body.message).toBe('The request body must be JSON (Content-Type: application/json).');
    expect(await listContactRequests(ctx.database)).toHaveLength(0);
  });

  it('answers 415 to a body without a Content-Type, and on PATCH', async () => {
    const untyped = await request(ctx.app)
      .post('/api/verification-codes')
      .set('Content-Length', '2')
      .send(Buffer.from('{}'));
    expect(untyped.status).toBe(415);
    const patch = await request(ctx.app)
      .patch('/api/voice-sessions/00000000-0000-4000-8000-000000000000')
      .set('Content-Type', 'text/plain')
      .send('{"status":"ended"}');
    expect(patch.status).toBe(415);
  });

  it('accepts JSON with a charset, and bodiless POSTs of any declared type', async () => {
    const res = await request(ctx.app)
      .post('/api/contact-requests')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify(validRequest()));
    expect(res.status).toBe(201);
    await request(ctx.app).post('/api/conversations').expect(201);
    await request(ctx.app).post('/api/conversations').set('Content-Type', 'text/plain').expect(201);
  });

  it('accepts a navigator.sendBeacon of a JSON Blob', async () => {
    const created = await request(ctx.app).post('/api/conversations').expect(201);
    const res = await request(ctx.app)
      .post(`/api/conversations/${created.body.id}/messages`)
      .set({
        Cookie: String(created.headers['set-cookie']).split(';')[0]!,
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'no-cors',
      })
      .send(JSON.stringify({ content: 'Hello' }));
    expect(res.status).toBe(200);
  });

  it('leaves the webhooks to read their own bodies', async () => {
    const res = await request(ctx.app)
      .post('/api/vapi/webhook')
      .set({ 'x-vapi-secret': VAPI_TEST_SECRET, 'Content-Type': 'text/plain' })
      .send('{"message":{"type":"status-update"}}');
    // The Vapi parser reads JSON only: this body is not a server message, and that is its answer.
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request is not a Vapi server message.');
  });
});
