import { count } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contactRequests, conversations } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { NOW, validRequest } from '../helpers/bookings';
import { sendStripeEvent, stripeEvent, VAPI_TEST_SECRET, WEBHOOK_TEST_ENV } from '../helpers/voice';

// Cross-site request forgery: a page on another site must not make a visitor's browser change
// anything here. Browsers say where a request comes from (Sec-Fetch-Site, Origin); webhooks and
// clients that are not browsers send neither.

const HOST = 'clone.example.com';
const OWN_ORIGIN = `http://${HOST}`;

describe('cross-site requests', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: { ...WEBHOOK_TEST_ENV, VAPI_WEBHOOK_SECRET: VAPI_TEST_SECRET, CONTACT_RATE_LIMIT_PER_HOUR: '1000' },
  });

  const countRows = async (table: typeof conversations | typeof contactRequests) =>
    (await ctx.database.db.select({ n: count() }).from(table))[0]!.n;
  const createConversation = (headers: Record<string, string>, app = ctx.app) =>
    request(app)
      .post('/api/conversations')
      .set({ Host: HOST, ...headers });

  const refused: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['cross-site even with our own Origin', { 'Sec-Fetch-Site': 'cross-site', Origin: OWN_ORIGIN }],
    [
      'same-site from a sibling subdomain',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'http://evil.example.com' },
    ],
    ['same-site without an Origin', { 'Sec-Fetch-Site': 'same-site' }],
    ['an unknown Sec-Fetch-Site without an Origin', { 'Sec-Fetch-Site': 'someday' }],
    ['only a foreign Origin (older browsers)', { Origin: 'https://evil.example' }],
    ['only an Origin on another port', { Origin: `${OWN_ORIGIN}:8080` }],
    ['only an Origin with another scheme', { Origin: `https://${HOST}` }],
    ['the opaque Origin "null" (sandboxed frames)', { Origin: 'null' }],
  ];

  it.each(refused)('refuses a POST with %s: 403 and nothing stored', async (_name, headers) => {
    const res = await createConversation(headers);
    expect(res.status).toBe(403);
    expect(res.type).toBe('application/json');
    expect(res.body.message).toBe('This request came from another website and was refused.');
    expect(await countRows(conversations)).toBe(0);
  });

  it('refuses a cross-site contact request (text/plain form or JSON) and PATCH / DELETE alike', async () => {
    const form = await request(ctx.app)
      .post('/api/contact-requests')
      .set({ 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' })
      .send(JSON.stringify(validRequest()));
    expect(form.status).toBe(403);
    const json = await request(ctx.app)
      .post('/api/contact-requests')
      .set('Origin', 'https://evil.example')
      .send(validRequest());
    expect(json.status).toBe(403);
    expect(await countRows(contactRequests)).toBe(0);

    for (const method of ['patch', 'put', 'delete'] as const) {
      const res = await request(ctx.app)[method]('/api/voice-sessions/x').set('Sec-Fetch-Site', 'cross-site');
      expect(res.status, method).toBe(403);
    }
  });

  const accepted: Array<[string, Record<string, string>]> = [
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: OWN_ORIGIN }],
    ['Sec-Fetch-Site: none (typed by the user)', { 'Sec-Fetch-Site': 'none' }],
    ['same-site when the Origin is really ours', { 'Sec-Fetch-Site': 'same-site', Origin: OWN_ORIGIN }],
    ['only our own Origin (older browsers)', { Origin: OWN_ORIGIN }],
    ['neither header (curl, scripts)', {}],
  ];

  it.each(accepted)('accepts a POST with %s', async (_name, headers) => {
    await createConversation(headers).expect(201);
  });

  it('takes PUBLIC_URL as our origin behind a proxy that terminates TLS', async () => {
    const app = ctx.rebuild({ env: { PUBLIC_URL: 'https://www.example.org/' } });
    const headers = { Host: '10.0.0.5:5000' };
    await createConversation({ ...headers, Origin: 'https://www.example.org' }, app).expect(201);
    await createConversation({ ...headers, Origin: 'https://evil.example.org' }, app).expect(403);
  });

  it('keeps a same-origin navigator.sendBeacon working (a JSON Blob)', async () => {
    const created = await createConversation({}).expect(201);
    const res = await request(ctx.app)
      .post(`/api/conversations/${created.body.id}/messages`)
      .set({
        Cookie: String(created.headers['set-cookie']).split(';')[0]!,
        Host: HOST,
        Origin: OWN_ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
        'Sec-Fetch-Mode': 'no-cors',
        'Content-Type': 'application/json',
      })
      .send(JSON.stringify({ content: 'Hello' }));
    expect(res.status).toBe(200);
  });

  it('lets anyone read: GET is never refused', async () => {
    await request(ctx.app).get('/api/profile').set('Sec-Fetch-Site', 'cross-site').expect(200);
  });

  it('exempts the webhooks, which providers call from their own servers with a signature', async () => {
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://api.vapi.ai' };
    const vapi = await request(ctx.app)
      .post('/api/vapi/webhook')
      .set({ ...crossSite, 'x-vapi-secret': VAPI_TEST_SECRET })
      .send({ message: { type: 'status-update' } });
    expect(vapi.status).toBe(200);
    const stripe = await sendStripeEvent(ctx.app, stripeEvent('customer.created', { id: 'cus_1' })).set(
      crossSite,
    );
    expect(stripe.status).toBe(200);
  });
});
