import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  conversations,
  emailOutbox,
  messages,
  subscriptionUsers,
  unansweredQuestions,
  voiceSessions,
} from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { NOW, validRequest } from '../helpers/bookings';
import { hashBrowserKey } from '../../server/services/access/browser-key';
import { mailOutboxSchema } from '../../shared/owner-desk';

// The visitor's browser: a booking links a chat only when sent by the browser that owns it.
const BROWSER_KEY = 'k'.repeat(43);
const BROWSER = `browser_key=${BROWSER_KEY}`;

const TOKEN = 'owner-token-for-tests-0123456789';
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

describe('owner desk: conversations, questions, subscribers, mail', () => {
  const ctx = useTestApp({ now: () => NOW, env: { OWNER_API_TOKEN: TOKEN } });
  const asOwner = (req: request.Test) => req.set('Authorization', `Bearer ${TOKEN}`);

  async function seedConversation(
    minute: number,
    texts: string[],
    visitor: { name?: string; email?: string } = {},
  ) {
    const [row] = await ctx.database.db
      .insert(conversations)
      .values({
        createdAt: at(minute),
        visitorName: visitor.name,
        visitorEmail: visitor.email,
        ownerKeyHash: hashBrowserKey(BROWSER_KEY),
      })
      .returning();
    if (texts.length)
      await ctx.database.db.insert(messages).values(
        texts.map((content, i) => ({
          conversationId: row!.id,
          role: i % 2 ? 'assistant' : 'user',
          content,
          timestamp: at(minute + i + 1),
        })),
      );
    return row!.id;
  }

  it('lists chats with messages newest first, with counts, last activity and whether they led to a booking', async () => {
    const old = await seedConversation(0, ['Hello', 'Hi there', 'Your rates?']);
    const booked = await seedConversation(10, ['I want a call']);
    await seedConversation(20, []);
    await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', BROWSER)
      .send(validRequest({ conversationId: booked }))
      .expect(201);

    const res = await asOwner(request(ctx.app).get('/api/owner/conversations')).expect(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.conversations).toEqual([
      expect.objectContaining({
        id: booked,
        messageCount: 1,
        ledToBooking: true,
        firstQuestion: 'I want a call',
      }),
      expect.objectContaining({
        id: old,
        messageCount: 3,
        ledToBooking: false,
        lastActivityAt: at(3).toISOString(),
        createdAt: at(0).toISOString(),
      }),
    ]);
  });

  it('searches message text, visitor name and e-mail case-insensitively; % and _ are literal', async () => {
    const byText = await seedConversation(0, ['Do you know KUBERNETES?']);
    const byName = await seedConversation(1, ['Hello'], { name: 'Ada Lovelace', email: 'ada@example.com' });
    await seedConversation(2, ['Something else entirely']);
    const search = async (q: string) =>
      (
        await asOwner(request(ctx.app).get('/api/owner/conversations').query({ q })).expect(200)
      ).body.conversations.map((c: { id: string }) => c.id);
    expect(await search('kubernetes')).toEqual([byText]);
    expect(await search('lovelace')).toEqual([byName]);
    expect(await search('ADA@EXAMPLE')).toEqual([byName]);
    expect(await search('%')).toEqual([]);
  });

  it('pages with a cursor without repeating or skipping, and refuses a forged cursor', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 33; i++) ids.unshift(await seedConversation(i, [`Question ${i}`]));
    const first = await asOwner(request(ctx.app).get('/api/owner/conversations')).expect(200);
    expect(first.body.conversations).toHaveLength(30);
    const second = await asOwner(
      request(ctx.app).get('/api/owner/conversations').query({ cursor: first.body.nextCursor }),
    ).expect(200);
    expect(second.body.nextCursor).toBeNull();
    expect(
      [...first.body.conversations, ...second.body.conversations].map((c: { id: string }) => c.id),
    ).toEqual(ids);
    const bad = await asOwner(
      request(ctx.app).get('/api/owner/conversations').query({ cursor: 'nope' }),
    ).expect(400);
    expect(bad.body.message).toMatch(/cursor/);
  });

  it('answers a transcript with its requests and unanswered questions; 404 for unknown ids', async () => {
    const id = await seedConversation(0, ['What is the weather?', 'I cannot say.']);
    await ctx.database.db
      .insert(unansweredQuestions)
      .values({ conversationId: id, question: 'What is the weather?' });
    await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', BROWSER)
      .send(validRequest({ conversationId: id }))
      .expect(201);
    const res = await asOwner(request(ctx.app).get(`/api/owner/conversations/${id}`)).expect(200);
    expect(res.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'What is the weather?'],
      ['assistant', 'I cannot say.'],
    ]);
    expect(res.body.contactRequests).toHaveLength(1);
    expect(res.body.unansweredQuestions[0].question).toBe('What is the weather?');
    expect(res.body.conversation).toMatchObject({
      id,
      ledToBooking: true,
      visitorPhone: '+1 (617) 555-0142',
    });
    await asOwner(
      request(ctx.app).get('/api/owner/conversations/00000000-0000-4000-8000-000000000000'),
    ).expect(404);
    await asOwner(request(ctx.app).get('/api/owner/conversations/nope')).expect(404);
  });

  it('groups the same unanswered question across chats, most asked first', async () => {
    const a = await seedConversation(0, ['x']);
    const b = await seedConversation(1, ['y']);
    await ctx.database.db.insert(unansweredQuestions).values([
      { conversationId: a, question: 'Do you speak German?', createdAt: at(1) },
      { conversationId: b, question: 'do you speak  german', createdAt: at(2) },
      { conversationId: b, question: 'Do you SPEAK German?!', createdAt: at(3) },
      { conversationId: a, question: 'What is your favourite colour?', createdAt: at(4) },
    ]);
    const res = await asOwner(request(ctx.app).get('/api/owner/unanswered-question-groups')).expect(200);
    expect(res.body).toEqual([
      {
        question: 'Do you SPEAK German?!',
        count: 3,
        lastAskedAt: at(3).toISOString(),
        conversationIds: [b, a],
      },
      {
        question: 'What is your favourite colour?',
        count: 1,
        lastAskedAt: at(4).toISOString(),
        conversationIds: [a],
      },
    ]);
  });

  it('lists subscribers with plan, status, minutes and their five newest sessions', async () => {
    const [user] = await ctx.database.db
      .insert(subscriptionUsers)
      .values({
        email: 'sub@example.com',
        firstName: 'Sam',
        subscriptionStatus: 'active',
        subscriptionPlan: 'pro',
        voiceMinutesUsed: 12,
        voiceMinutesLimit: 300,
      })
      .returning();
    await ctx.database.db.insert(subscriptionUsers).values({ email: 'idle@example.com' });
    await ctx.database.db.insert(voiceSessions).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: user!.id,
        status: 'ended' as const,
        billedMinutes: i,
        createdAt: at(i),
      })),
    );
    const res = await asOwner(request(ctx.app).get('/api/owner/subscribers')).expect(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      email: 'sub@example.com',
      name: 'Sam',
      plan: 'pro',
      status: 'active',
      minutesUsed: 12,
      minutesLimit: 300,
    });
    expect(res.body[0].recentSessions.map((s: { minutes: number }) => s.minutes)).toEqual([6, 5, 4, 3, 2]);
    expect(res.body[1]).toMatchObject({ email: 'idle@example.com', status: 'inactive', recentSessions: [] });
  });

  it('lists the outbox by status and retries failed mail; sent mail cannot be retried', async () => {
    const rows = await ctx.database.db
      .insert(emailOutbox)
      .values([
        {
          kind: 'k',
          toAddress: 'a@example.com',
          subject: 'Failed',
          body: 'b',
          status: 'failed',
          attempts: 5,
          lastError: 'boom',
          createdAt: at(0),
        },
        {
          kind: 'k',
          toAddress: 'b@example.com',
          subject: 'Sent',
          body: 'b',
          status: 'sent',
          sentAt: at(2),
          createdAt: at(1),
          icsContent: 'BEGIN:VCALENDAR',
        },
      ])
      .returning();
    const all = await asOwner(request(ctx.app).get('/api/owner/mail')).expect(200);
    const outbox = mailOutboxSchema.parse(all.body);
    expect(outbox.mail.map((m) => m.subject)).toEqual(['Sent', 'Failed']);
    expect(outbox.mail[0]).toMatchObject({ hasInvite: true, status: 'sent' });
    expect(all.body.mail[0]).not.toHaveProperty('body');
    const failed = await asOwner(request(ctx.app).get('/api/owner/mail').query({ status: 'failed' })).expect(
      200,
    );
    expect(mailOutboxSchema.parse(failed.body).mail.map((m) => m.subject)).toEqual(['Failed']);
    await asOwner(request(ctx.app).get('/api/owner/mail').query({ status: 'lost' })).expect(400);

    const retried = await asOwner(request(ctx.app).post(`/api/owner/mail/${rows[0]!.id}/retry`)).expect(200);
    expect(retried.body).toMatchObject({ status: 'pending', attempts: 0, lastError: null });
    await asOwner(request(ctx.app).post(`/api/owner/mail/${rows[1]!.id}/retry`)).expect(409);
    await asOwner(request(ctx.app).post('/api/owner/mail/00000000-0000-4000-8000-000000000000/retry')).expect(
      404,
    );
    await asOwner(request(ctx.app).post('/api/owner/mail/nope/retry')).expect(404);
  });

  it('tells the desk whether mail is delivered at all, so it offers no useless retry', async () => {
    const without = await asOwner(request(ctx.app).get('/api/owner/mail')).expect(200);
    expect(mailOutboxSchema.parse(without.body)).toEqual({ isDeliveryConfigured: false, mail: [] });
    const withSmtp = ctx.rebuild({ env: { SMTP_URL: 'smtp://127.0.0.1:2525' } });
    const configured = await asOwner(request(withSmtp).get('/api/owner/mail')).expect(200);
    expect(mailOutboxSchema.parse(configured.body)).toEqual({ isDeliveryConfigured: true, mail: [] });
  });
});
