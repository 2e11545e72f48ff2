import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT_MESSAGE } from '../../shared/text';
import { errorHandler } from '../../server/middleware/error-handler';
import { useTestApp } from '../helpers/test-app';
import { listContactRequests, NOW, validRequest } from '../helpers/bookings';
import {
  insertSubscriber,
  sendStripeEvent,
  TEST_SESSION_SECRET,
  TEST_WEBHOOK_SECRET,
  VAPI_TEST_SECRET,
} from '../helpers/voice';

// Input no validator anticipated (a body that lies about its encoding, a path that is not UTF-8,
// text PostgreSQL cannot store) answers 4xx with a JSON message, never 500.

const OWNER_TOKEN = 'owner-token-for-malformed-input-tests';
const NUL = 'Jane\u0000Visitor';
const LONE_SURROGATE = 'Jane \ud83d Visitor';

/** Sends a Buffer as its bytes (superagent would serialise it as JSON for a JSON content type). */
const asBytes = (body: unknown) => body as string;

const expectMessage = (res: request.Response, status: number) => {
  expect(res.status).toBe(status);
  expect(res.type).toBe('application/json');
  expect(res.body.message).toEqual(expect.any(String));
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|Error:/);
};

describe('malformed input', () => {
  const ctx = useTestApp({
    now: () => NOW,
    env: {
      CONTACT_RATE_LIMIT_PER_HOUR: '1000',
      OWNER_API_TOKEN: OWNER_TOKEN,
      SESSION_SECRET: TEST_SESSION_SECRET,
      VAPI_WEBHOOK_SECRET: VAPI_TEST_SECRET,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    },
  });

  const send = (method: string, path: string) =>
    request(ctx.app)[method.toLowerCase() as 'get' | 'post' | 'patch'](path);

  describe('a body whose declared Content-Encoding is false', () => {
    const plain = Buffer.from(JSON.stringify(validRequest()));
    const routes: Array<[string, string, Record<string, string>]> = [
      ['POST', '/api/contact-requests', {}],
      ['POST', '/api/verification-codes', {}],
      ['PATCH', '/api/voice-sessions/00000000-0000-4000-8000-000000000000', {}],
      ['POST', '/api/vapi/webhook', { 'x-vapi-secret': VAPI_TEST_SECRET }],
      ['POST', '/api/stripe/webhook', {}],
    ];
    for (const encoding of ['gzip', 'deflate', 'br']) {
      it.each(routes)(`answers 400 to ${encoding} that is not: %s %s`, async (method, path, headers) => {
        const res = await send(method, path)
          .set({ ...headers, 'Content-Type': 'application/json', 'Content-Encoding': encoding })
          .serialize(asBytes)
          .send(plain);
        expectMessage(res, 400);
        expect(res.body.message).toBe('The request body could not be read.');
      });
    }

    it('answers 415 to an encoding the server does not know', async () => {
      const res = await request(ctx.app)
        .post('/api/contact-requests')
        .set({ 'Content-Type': 'application/json', 'Content-Encoding': 'compress' })
        .serialize(asBytes)
        .send(plain);
      expectMessage(res, 415);
    });

    it('still reads bodies that really are compressed', async () => {
      for (const [encoding, body] of [
        ['gzip', gzipSync(plain)],
        ['br', brotliCompressSync(plain)],
      ] as const) {
        const res = await request(ctx.app)
          .post('/api/contact-requests')
          .set({ 'Content-Type': 'application/json', 'Content-Encoding': encoding })
          .serialize(asBytes)
          .send(body);
        expect(res.status, `${encoding} ${JSON.stringify(res.body)}`).toBe(201);
      }
    });
  });

  it.each([null, [], { type: 'invoice.paid' }, { id: 'evt_1', type: 'invoice.paid', created: 1 }])(
    'answers 400 to a correctly signed Stripe event that is not an event: %j',
    async (event) => {
      const res = await sendStripeEvent(ctx.app, event);
      expectMessage(res, 400);
      expect(res.body.message).toBe('The event is not in the expected shape.');
    },
  );

  describe('a path that is not percent-encoded UTF-8', () => {
    const paths = [
      ['GET', '/api/conversations/%ff/messages'],
      ['GET', '/api/conversations/%ED%A0%80/transcript'], // an encoded lone surrogate
      ['POST', '/api/conversations/%c3%28/messages'],
      ['GET', '/api/conversations/%ff/messages'],
      ['GET', '/api/demo-checkout/%ff'],
      ['POST', '/api/owner/contact-requests/%e2%82/cancel'],
      ['PATCH', '/api/voice-sessions/%ff'],
    ] as const;

    it.each(paths)('answers 400 to %s %s', async (method, path) => {
      const res = await send(method, path).set('Authorization', `Bearer ${OWNER_TOKEN}`);
      expectMessage(res, 400);
      expect(res.body.message).toBe('The address is not valid.');
    });

    it.each([
      ['GET', '/api/demo-checkout/abc%00def'],
      ['GET', '/api/conversations/abc%00def/messages'],
      ['POST', '/api/owner/contact-requests/abc%00def/cancel'],
    ] as const)(
      'answers a JSON 400 or 404, never a database error, to a NUL in %s %s',
      async (method, path) => {
        const res = await send(method, path).set('Authorization', `Bearer ${OWNER_TOKEN}`);
        expect([400, 404]).toContain(res.status);
        expectMessage(res, res.status);
      },
    );
  });

  describe('text a database cannot store', () => {
    const contactFields = ['fullName', 'email', 'preferredTime', 'purpose', 'phoneNumber'];
    for (const [name, value] of [
      ['a NUL character', NUL],
      ['a lone surrogate', LONE_SURROGATE],
    ]) {
      it.each(contactFields)(
        `refuses ${name} in the contact form's %s with 400 and stores nothing`,
        async (field) => {
          const res = await request(ctx.app)
            .post('/api/contact-requests')
            .send(validRequest({ [field]: field === 'email' ? `jane${value}@example.com` : value }));
          expectMessage(res, 400);
          expect(res.body.fieldErrors[field]).toContain(UNSTORABLE_TEXT_MESSAGE);
          expect(await listContactRequests(ctx.database)).toHaveLength(0);
        },
      );

      it(`refuses ${name} in a chat message and in a voice turn`, async () => {
        const created = await request(ctx.app).post('/api/conversations').expect(201);
        const id = created.body.id as string;
        const browser = String(created.headers['set-cookie']).split(';')[0]!;
        const chat = await request(ctx.app)
          .post(`/api/conversations/${id}/messages`)
          .set('Cookie', browser)
          .send({ content: value });
        expectMessage(chat, 400);
        expect(chat.body.message).toBe(UNSTORABLE_TEXT_MESSAGE);
        const messages = await request(ctx.app)
          .get(`/api/conversations/${id}/messages`)
          .set('Cookie', browser)
          .expect(200);
        expect(messages.body).toEqual([]);

        const { cookie } = await insertSubscriber(ctx.database.db, () => new Date());
        const turn = await request(ctx.app)
          .post('/api/voice-sessions/00000000-0000-4000-8000-000000000000/turns')
          .set('Cookie', cookie)
          .send({ text: value });
        expectMessage(turn, 400);
        expect(turn.body.message).toBe(UNSTORABLE_TEXT_MESSAGE);
      });

      it(`refuses ${name} in e-mail addresses and checkout ids`, async () => {
        const email = `jane${value}@example.com`;
        for (const [path, body] of [
          ['/api/verification-codes', { email }],
          ['/api/verification-codes/verify', { email, code: '123456' }],
          ['/api/create-subscription', { email, plan: 'monthly' }],
          ['/api/checkout-sessions/confirm', { sessionId: `cs_${value}` }],
        ] as const) {
          const res = await request(ctx.app).post(path).send(body);
          expectMessage(res, 400);
          expect(res.body.message, path).toBe(UNSTORABLE_TEXT_MESSAGE);
        }
      });
    }

    it('maps what the database itself refuses (22021, 22P05) to 400 when validation missed it', async () => {
      const app = express();
      app.get('/nul-in-text', async () => {
        await ctx.database.db.execute(sql`select ${'a\u0000b'}::text`);
      });
      app.get('/nul-in-json', async () => {
        await ctx.database.db.execute(sql`select ('"a\\u0000b"'::jsonb #>> '{}')`);
      });
      app.use(errorHandler);
      for (const path of ['/nul-in-text', '/nul-in-json']) {
        const res = await request(app).get(path);
        expectMessage(res, 400);
        expect(res.body.message, path).toBe(UNSTORABLE_TEXT_MESSAGE);
      }
    });
  });
});
