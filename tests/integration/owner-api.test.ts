import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { insertConversation } from '../../server/storage/conversations';
import { unansweredQuestions } from '../../shared/schema';
import { createScriptedChatModel } from '../helpers/scripted-chat-model';
import { useTestApp } from '../helpers/test-app';
import { NOW, icsValue, listOutbox, unfoldIcs, validRequest } from '../helpers/bookings';
import { chatApi } from '../helpers/conversations-sse';

const TOKEN = 'owner-token-for-tests-0123456789';

describe('owner API', () => {
  const ctx = useTestApp({ now: () => NOW, env: { OWNER_API_TOKEN: TOKEN } });
  const asOwner = (req: request.Test) => req.set('Authorization', `Bearer ${TOKEN}`);

  it.each(['/api/owner/contact-requests', '/api/owner/unanswered-questions'])(
    'takes no token without OWNER_API_TOKEN and refuses a missing or wrong token: GET %s',
    async (path) => {
      const off = ctx.rebuild({ env: { OWNER_API_TOKEN: '' } });
      const res = await request(off).get(path).set('Authorization', `Bearer ${TOKEN}`).expect(503);
      expect(res.body.message).toMatch(/OWNER_API_TOKEN/);
      await request(off).get(path).expect(401);
      await request(ctx.app).get(path).expect(401);
      await request(ctx.app).get(path).set('Authorization', `Bearer ${TOKEN}x`).expect(401);
    },
  );

  it('lists requests newest first with everything the owner needs', async () => {
    await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ preferredTime: 'Mornings' }));
    await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ fullName: 'Grace Hopper', scheduledDate: '2026-03-09', scheduledTime: '09:00' }));
    const res = await asOwner(request(ctx.app).get('/api/owner/contact-requests')).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      fullName: 'Grace Hopper',
      scheduledDate: '2026-03-09',
      scheduledTime: '09:00',
      cancelledAt: null,
    });
  });

  it('cancels a booking: the slot is free again and both sides get the invitation cancelled', async () => {
    const booked = await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ email: 'ada@example.com', scheduledDate: '2026-03-09', scheduledTime: '10:00' }))
      .expect(201);
    const res = await asOwner(
      request(ctx.app).post(`/api/owner/contact-requests/${booked.body.id}/cancel`),
    ).expect(200);
    expect(res.body.cancelledAt).toBe(NOW.toISOString());
    expect((await request(ctx.app).get('/api/bookings/slots')).body).toEqual([]);

    const outbox = await listOutbox(ctx.database);
    const cancellations = outbox.filter((row) => row.kind.endsWith('_cancellation'));
    // Without OWNER_EMAIL the owner has the desk, not a mail; the reminder goes with the call.
    expect(cancellations.map((row) => row.toAddress)).toEqual(['ada@example.com']);
    expect(outbox.map((row) => row.kind)).not.toContain('booking_visitor_reminder');
    const original = unfoldIcs(
      outbox.find((row) => row.kind === 'booking_visitor_confirmation')!.icsContent!,
    );
    const cancel = unfoldIcs(cancellations[0]!.icsContent!);
    expect(icsValue(cancel, 'METHOD')).toBe('CANCEL');
    expect(icsValue(cancel, 'STATUS')).toBe('CANCELLED');
    expect(icsValue(cancel, 'UID')).toBe(icsValue(original, 'UID'));
    expect(Number(icsValue(cancel, 'SEQUENCE'))).toBeGreaterThan(Number(icsValue(original, 'SEQUENCE')));

    await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${booked.body.id}/cancel`)).expect(409);
    await asOwner(request(ctx.app).post('/api/owner/contact-requests/nope/cancel')).expect(404);
  });

  it('cancels a request without a slot quietly: no e-mail to send', async () => {
    const asked = await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ preferredTime: 'Any afternoon' }))
      .expect(201);
    await asOwner(request(ctx.app).post(`/api/owner/contact-requests/${asked.body.id}/cancel`)).expect(200);
    const outbox = await listOutbox(ctx.database);
    expect(outbox.filter((row) => row.kind.endsWith('_cancellation'))).toEqual([]);
  });

  describe('GET /api/owner/unanswered-questions', () => {
    // The scripted clone cannot answer questions about the weather or jokes.
    const chatApp = () =>
      createApp({
        ...ctx.deps,
        chatModel: createScriptedChatModel((message) => !/weather|joke/i.test(message)),
      });

    it('lists the questions the clone could not answer, newest first, and not the answered ones', async () => {
      const app = chatApp();
      const { createConversation, send } = chatApi(() => app);
      // One browser with two conversations.
      const first = await createConversation();
      const second = await createConversation(app, first);
      await send(first, "What's the weather in Boston?").expect(200);
      await send(first, 'What are your rates?').expect(200);
      await send(second, 'Tell me a joke').expect(200);

      const res = await asOwner(request(ctx.app).get('/api/owner/unanswered-questions')).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual([
        {
          id: expect.any(String),
          conversationId: second,
          question: 'Tell me a joke',
          createdAt: expect.any(String),
        },
        {
          id: expect.any(String),
          conversationId: first,
          question: "What's the weather in Boston?",
          createdAt: expect.any(String),
        },
      ]);
      expect(new Date(res.body[0].createdAt).toISOString()).toBe(res.body[0].createdAt);
      expect(Date.parse(res.body[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(res.body[1].createdAt));
    });

    it('answers at most the newest 200', async () => {
      const conversation = await insertConversation(ctx.database.db);
      const start = Date.parse('2026-03-01T00:00:00.000Z');
      await ctx.database.db.insert(unansweredQuestions).values(
        Array.from({ length: 201 }, (_, i) => ({
          conversationId: conversation.id,
          question: `Question ${i}`,
          createdAt: new Date(start + i * 1000),
        })),
      );
      const res = await asOwner(request(ctx.app).get('/api/owner/unanswered-questions')).expect(200);
      expect(res.body).toHaveLength(200);
      expect(res.body[0].question).toBe('Question 200');
      expect(res.body.at(-1).question).toBe('Question 1');
    });
  });

  describe('GET /api/owner/conversations/:id/transcript', () => {
    it("gives the owner any chat's transcript, and nobody without the token", async () => {
      const app = createApp({ ...ctx.deps, chatModel: createScriptedChatModel(() => true) });
      const visitor = request.agent(app);
      const id = (await visitor.post('/api/conversations').expect(201)).body.id as string;
      await visitor
        .post(`/api/conversations/${id}/messages`)
        .send({ content: 'What are your rates?' })
        .expect(200);

      const res = await asOwner(request(ctx.app).get(`/api/owner/conversations/${id}/transcript`)).expect(
        200,
      );
      expect(res.body.conversation.id).toBe(id);
      expect(res.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
      await request(ctx.app).get(`/api/owner/conversations/${id}/transcript`).expect(401);
      await asOwner(request(ctx.app).get('/api/owner/conversations/nope/transcript')).expect(404);
    });
  });
});
