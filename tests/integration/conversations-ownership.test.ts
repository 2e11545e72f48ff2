import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../shared/chat';
import { contactRequests, conversations, messages } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { validRequest } from '../helpers/bookings';
import { browserKeyCookieOf } from '../helpers/conversations-sse';

// A conversation belongs to the browser that started it (its HttpOnly browser-key cookie): the id
// alone, which exported transcripts carry, opens nothing and looks like an unknown id.

describe('conversations belong to the browser that started them', () => {
  const ctx = useTestApp({
    env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000', CONTACT_RATE_LIMIT_PER_HOUR: '1000' },
  });
  const STRANGER = `browser_key=${'s'.repeat(43)}`;

  async function startChat(cookie?: string) {
    const req = request(ctx.app).post('/api/conversations');
    const res = await (cookie ? req.set('Cookie', cookie) : req).expect(201);
    return { id: res.body.id as string, cookie: cookie ?? browserKeyCookieOf(res.headers['set-cookie']) };
  }
  const say = (id: string, cookie: string, content = 'Where are you based?') =>
    request(ctx.app).post(`/api/conversations/${id}/messages`).set('Cookie', cookie).send({ content });

  it('issues an HttpOnly browser key and stores only its hash', async () => {
    const res = await request(ctx.app).post('/api/conversations').expect(201);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(setCookie).toMatch(/browser_key=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const key = browserKeyCookieOf(res.headers['set-cookie']).split('=')[1]!;
    const [row] = await ctx.database.db.select().from(conversations).where(eq(conversations.id, res.body.id));
    expect(row?.ownerKeyHash).toEqual(expect.any(String));
    expect(row?.ownerKeyHash).not.toContain(key);
  });

  it('answers 404 to the id alone and to another browser: read, write, stream, export, delete', async () => {
    const { id, cookie } = await startChat();
    await say(id, cookie).expect(200);
    const transcript = (
      await request(ctx.app).get(`/api/conversations/${id}/transcript`).set('Cookie', cookie).expect(200)
    ).body as Transcript;
    expect(transcript.conversation.id).toBe(id); // what a leaked transcript gives away

    for (const other of [undefined, STRANGER, 'browser_key=forged']) {
      const as = <T extends request.Test>(req: T) => (other ? req.set('Cookie', other) : req);
      const answers = [
        await as(request(ctx.app).get(`/api/conversations/${id}/messages`)),
        await as(request(ctx.app).post(`/api/conversations/${id}/messages`)).send({ content: 'Hi' }),
        await as(request(ctx.app).post(`/api/conversations/${id}/messages`))
          .set('Accept', 'text/event-stream')
          .send({ content: 'Hi' }),
        await as(request(ctx.app).get(`/api/conversations/${id}/transcript`)),
        await as(request(ctx.app).delete(`/api/conversations/${id}`)),
      ];
      expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404]);
      expect(answers.map((res) => res.body.message)).toEqual(
        answers.map(() => 'This conversation does not exist.'),
      );
    }
    const stored = await ctx.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(stored).toHaveLength(2); // nothing written by the others, nothing deleted
  });

  it('lets one browser keep several conversations, old and new, with one key', async () => {
    const first = await startChat();
    const second = await startChat(first.cookie);
    expect(second.id).not.toBe(first.id);
    await say(first.id, first.cookie).expect(200);
    await say(second.id, first.cookie, 'What are your rates?').expect(200);
    for (const id of [first.id, second.id])
      expect(
        (
          await request(ctx.app)
            .get(`/api/conversations/${id}/messages`)
            .set('Cookie', first.cookie)
            .expect(200)
        ).body,
      ).toHaveLength(2);
    // Another browser's conversations stay out of reach of this one, and the other way round.
    const other = await startChat();
    await request(ctx.app)
      .get(`/api/conversations/${other.id}/messages`)
      .set('Cookie', first.cookie)
      .expect(404);
    await request(ctx.app)
      .get(`/api/conversations/${first.id}/messages`)
      .set('Cookie', other.cookie)
      .expect(404);
  });

  it('deletes its own conversation with its messages (204), unlinking a booking without deleting it', async () => {
    const { id, cookie } = await startChat();
    await say(id, cookie).expect(200);
    await request(ctx.app)
      .post('/api/contact-requests')
      .set('Cookie', cookie)
      .send(validRequest({ conversationId: id }))
      .expect(201);
    const kept = await startChat(cookie);

    await request(ctx.app).delete(`/api/conversations/${id}`).set('Cookie', cookie).expect(204);
    const db = ctx.database.db;
    expect(await db.select().from(conversations).where(eq(conversations.id, id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, id))).toEqual([]);
    const bookings = await db.select().from(contactRequests);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]?.conversationId).toBeNull();
    // Gone for its owner too; the browser's other conversation is untouched.
    await request(ctx.app).get(`/api/conversations/${id}/messages`).set('Cookie', cookie).expect(404);
    await request(ctx.app).delete(`/api/conversations/${id}`).set('Cookie', cookie).expect(404);
    await request(ctx.app).delete('/api/conversations/not-a-uuid').set('Cookie', cookie).expect(404);
    await request(ctx.app).get(`/api/conversations/${kept.id}/messages`).set('Cookie', cookie).expect(200);
  });
});
