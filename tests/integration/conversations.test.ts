import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, SendMessageResponse, Transcript } from '../../shared/chat';
import { createApp } from '../../server/app';
import { createOfflineChatModel, DEFAULT_WORD_DELAY_MS } from '../../server/services/clone/offline-chat-model';
import { setConversationCallScheduled } from '../../server/storage/contact-requests';
import { findConversation } from '../../server/storage/conversations';
import { useTestApp } from '../helpers/test-app';
import { chatApi, joinDeltas, parseChatStream, streamThenDisconnect } from '../helpers/conversations-sse';

const UNKNOWN_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('conversations API (offline clone)', () => {
  // A generous limit here; the rate-limit test builds its own app with a small one. ctx.app keeps
  // the offline clone's pause between words: the streaming tests check the pacing and leave mid-reply.
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' }, wordDelayMs: DEFAULT_WORD_DELAY_MS });
  // The offline clone without its word-by-word pauses, so the suite stays fast; the default
  // app (ctx.app) keeps them for the streaming tests.
  let app: Express;
  beforeAll(() => {
    app = createApp({ ...ctx.deps, chatModel: createOfflineChatModel(ctx.content, { wordDelayMs: 0 }) });
  });

  const { createConversation, send, stream, listMessages, cookieOf } = chatApi(() => app);

  describe('POST /api/conversations', () => {
    it('creates a conversation with an empty body and answers 201 {id}', async () => {
      const res = await request(app).post('/api/conversations').expect(201);
      expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const other = await createConversation();
      expect(other).not.toBe(res.body.id);
      expect(await listMessages(other)).toEqual([]);
    });
  });

  describe('POST /api/conversations/:id/messages (JSON)', () => {
    it('stores the trimmed visitor message and the reply, and answers with both', async () => {
      const id = await createConversation();
      const res = await send(id, '   Where are you based?  \n').expect(200);
      const body = res.body as SendMessageResponse;
      expect(body.shouldShowContactForm).toBe(false);
      expect(body.userMessage).toMatchObject({ role: 'user', content: 'Where are you based?' });
      expect(body.assistantMessage.role).toBe('assistant');
      expect(body.assistantMessage.content).toContain('Massachusetts');

      const messages = await listMessages(id);
      expect(messages).toEqual([body.userMessage, body.assistantMessage]);
      for (const message of messages) {
        expect(Object.keys(message).sort()).toEqual(['content', 'id', 'role', 'timestamp']);
        expect(new Date(message.timestamp).toISOString()).toBe(message.timestamp);
      }
    });

    it('lists messages oldest first across several turns', async () => {
      const id = await createConversation();
      await send(id, 'Hello').expect(200);
      await send(id, 'What are your rates?').expect(200);
      const messages = await listMessages(id);
      expect(messages.map((m) => [m.role, m.role === 'user' ? m.content : ''])).toEqual([
        ['user', 'Hello'],
        ['assistant', ''],
        ['user', 'What are your rates?'],
        ['assistant', ''],
      ]);
      const times = messages.map((m) => Date.parse(m.timestamp));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(messages[3]!.content).toContain('$200 per hour');
    });

    it('answers the three quick questions from the profile', async () => {
      const id = await createConversation();
      const [solutions, cloud, together] = ctx.content.profile.quickQuestions.map((q) => q.question);

      const first = (await send(id, solutions).expect(200)).body as SendMessageResponse;
      expect(first.assistantMessage.content).toMatch(/Claims triage assistant/);
      expect(first.assistantMessage.content).toMatch(/Clinical documentation summaries/);

      const second = (await send(id, cloud).expect(200)).body as SendMessageResponse;
      expect(second.assistantMessage.content).toMatch(/I start from the workload/);

      const third = (await send(id, together).expect(200)).body as SendMessageResponse;
      expect(third.assistantMessage.content).toMatch(/\$200 per hour/);
      expect(third.assistantMessage.content).toMatch(/intro call/i);
    });

    it.each([
      ['an empty string', '', 'Message cannot be empty.'],
      ['only whitespace', ' \n\t ', 'Message cannot be empty.'],
      ['a number', 42, 'Message content must be text.'],
      ['null', null, 'Message content must be text.'],
      ['over 4,000 characters', 'x'.repeat(4001), 'Message is too long (at most 4000 characters).'],
    ])('refuses %s with 400 and stores nothing', async (_name, content, message) => {
      const id = await createConversation();
      const res = await send(id, content).expect(400);
      expect(res.body.message).toBe(message);
      expect(await listMessages(id)).toEqual([]);
    });

    it('accepts exactly 4,000 characters', async () => {
      const id = await createConversation();
      await send(id, 'a'.repeat(4000)).expect(200);
      expect((await listMessages(id))[0]!.content).toHaveLength(4000);
    });

    it('refuses a missing body and malformed JSON with 400', async () => {
      const id = await createConversation();
      const missing = await request(app).post(`/api/conversations/${id}/messages`).expect(400);
      expect(missing.body.message).toBe('Message content must be text.');
      const malformed = await request(app)
        .post(`/api/conversations/${id}/messages`)
        .set('Content-Type', 'application/json')
        .send('{"content": "hi"')
        .expect(400);
      expect(malformed.body.message).toMatch(/not valid JSON/);
      expect(await listMessages(id)).toEqual([]);
    });

    it('refuses a body over the size limit with 413', async () => {
      const id = await createConversation();
      const res = await send(id, 'x'.repeat(40_000)).expect(413);
      expect(res.body.message).toMatch(/too large/);
      expect(await listMessages(id)).toEqual([]);
    });

    it.each([
      ['an unknown id', UNKNOWN_ID],
      ['a malformed id', 'not-a-uuid'],
    ])('answers 404 for %s', async (_name, id) => {
      const res = await send(id, 'Hello').expect(404);
      expect(res.body.message).toBe('This conversation does not exist.');
    });
  });

  describe('POST /api/conversations/:id/messages (server-sent events)', () => {
    it('streams user, deltas, then done with the stored reply', async () => {
      const id = await createConversation();
      const res = await stream(id, '  How much do you charge?  ').expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['cache-control']).toMatch(/no-cache/);
      expect(res.headers['x-accel-buffering']).toBe('no');
      expect(res.text).toMatch(/^event: user\ndata: \{/);

      const events = parseChatStream(res.text);
      expect(events[0]).toMatchObject({
        event: 'user',
        data: { message: { role: 'user', content: 'How much do you charge?' } },
      });
      expect(events.slice(1, -1).every((event) => event.event === 'delta')).toBe(true);
      // The first word alone, at once; words that come together may share an event.
      expect(events.length).toBeGreaterThanOrEqual(4);
      expect(events[1]).toMatchObject({
        event: 'delta',
        data: { text: expect.stringMatching(/^\s*\S+\s*$/) },
      });
      const done = events.at(-1)!;
      if (done.event !== 'done') throw new Error(`expected done, got ${done.event}`);
      expect(done.data.shouldShowContactForm).toBe(false);
      expect(done.data.message.content).toBe(joinDeltas(events).trim());
      expect(done.data.message.content).toContain('$200 per hour');

      const messages = await listMessages(id);
      expect(messages).toEqual([
        (events[0] as { data: { message: ChatMessage } }).data.message,
        done.data.message,
      ]);
    });

    it('carries shouldShowContactForm in the done event', async () => {
      const id = await createConversation();
      const events = parseChatStream(
        (await stream(id, 'Can we schedule a call next week?').expect(200)).text,
      );
      expect(events.at(-1)).toMatchObject({ event: 'done', data: { shouldShowContactForm: true } });
    });

    it('answers refused requests with plain JSON, not a stream', async () => {
      const missing = await stream(UNKNOWN_ID, 'Hello').expect(404);
      expect(missing.headers['content-type']).toMatch(/json/);
      const id = await createConversation();
      const empty = await stream(id, '   ').expect(400);
      expect(empty.body.message).toBe('Message cannot be empty.');
      expect(await listMessages(id)).toEqual([]);
    });

    it('streams the default offline clone word by word', async () => {
      const id = await createConversation(ctx.app);
      const res = await stream(id, 'Where are you based?', ctx.app).expect(200);
      const events = parseChatStream(res.text);
      const deltas = events.filter((event) => event.event === 'delta');
      const words = joinDeltas(events).trim().split(/\s+/);
      expect(deltas.length).toBe(words.length);
      expect(events.at(-1)!.event).toBe('done');
    });

    it('stops the model when the visitor disconnects and keeps the partial reply', async () => {
      const id = await createConversation(ctx.app);
      const question = ctx.content.profile.quickQuestions[0]!.question;
      await streamThenDisconnect(ctx.app, id, question, { deltas: 5, cookie: cookieOf(id) });

      await expect
        .poll(async () => (await listMessages(id)).map((m) => m.role), { timeout: 5_000 })
        .toEqual(['user', 'assistant']);
      const messages = await listMessages(id);
      const full = (await send(await createConversation(), question).expect(200)).body as SendMessageResponse;
      const partial = messages[1]!.content;
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(full.assistantMessage.content.length);
      expect(full.assistantMessage.content.startsWith(partial)).toBe(true);
    });
  });

  describe('shouldShowContactForm', () => {
    const showFlags = async (id: string, messages: string[]) => {
      const flags: boolean[] = [];
      for (const content of messages) {
        flags.push(((await send(id, content).expect(200)).body as SendMessageResponse).shouldShowContactForm);
      }
      return flags;
    };

    it('opens on an intent, and not on questions or refusals', async () => {
      const id = await createConversation();
      expect(
        await showFlags(id, [
          'What are your rates?',
          "I don't want a call",
          'Can I book a call?',
          'Where are you based?',
        ]),
      ).toEqual([false, false, true, false]);
    });

    it('stays closed for a day that can never be booked, which the reply explains', async () => {
      const id = await createConversation();
      expect(await showFlags(id, ['Can I request a call for a Saturday?'])).toEqual([false]);
      // With a purpose, the call is wanted on another day too.
      const fresh = await createConversation();
      expect(
        await showFlags(fresh, ['Can we do a call on Saturday to talk about our claims pilot?']),
      ).toEqual([true]);
    });

    it('stays open for a question about booking right after it opened, and only then', async () => {
      const id = await createConversation();
      expect(
        await showFlags(id, [
          "I'd like to book a call with you.",
          'what times can I pick?',
          'Where are you based?',
        ]),
      ).toEqual([true, true, false]);
      const fresh = await createConversation();
      expect(await showFlags(fresh, ['what times can I pick?'])).toEqual([false]);
    });

    it('never opens on a count of messages: on-topic questions without an intent leave it closed', async () => {
      const id = await createConversation();
      const questions = [
        'Hello',
        'Where are you based?',
        'What certifications do you have?',
        'Tell me about the hospital project',
        'What are your rates?',
        'And for a fixed-price project?',
        'What is your response time?',
        'Do you sign NDAs?',
      ];
      expect(await showFlags(id, questions)).toEqual(questions.map(() => false));
      // Then an intent opens it, and the next plain question does not.
      expect(
        await showFlags(id, ["Let's set up a call", 'Could we talk next week?', 'Where are you based?']),
      ).toEqual([true, true, false]);
      const conversation = await findConversation(ctx.database.db, id);
      expect(conversation?.contactNudgedAt).toBeNull();
    });

    it('streams the whole answer to a question with an intent, and opens the form only at the end', async () => {
      const asked = "What are your rates? I'd like to hire you";
      const id = await createConversation();
      const events = parseChatStream((await stream(id, asked).expect(200)).text);
      const done = events.at(-1);
      expect(done?.event).toBe('done');
      if (done?.event !== 'done') return;
      expect(done.data.shouldShowContactForm).toBe(true);
      // Every word was streamed before the decision, and the stored reply is what was streamed.
      expect(events.filter((event) => event.event === 'done')).toHaveLength(1);
      expect(joinDeltas(events).trim()).toBe(done.data.message.content);
      // The answer is there: the rates, as a fresh chat asking only for them is told.
      const ratesOnly = (await send(await createConversation(), 'What are your rates?').expect(200))
        .body as SendMessageResponse;
      expect(ratesOnly.shouldShowContactForm).toBe(false);
      const rates = ratesOnly.assistantMessage.content.match(/\$[\d,]+/g) ?? [];
      expect(rates.length).toBeGreaterThan(0);
      for (const rate of rates) expect(done.data.message.content).toContain(rate);
    });

    it('still opens on an intent when a call is already scheduled from the conversation', async () => {
      const id = await createConversation();
      await setConversationCallScheduled(ctx.database.db, id, true);
      expect(await showFlags(id, ['Where are you based?', 'Can we talk?'])).toEqual([false, true]);
    });
  });

  describe('GET /api/conversations/:id/messages', () => {
    it('answers 404 for unknown and malformed ids', async () => {
      await request(app).get(`/api/conversations/${UNKNOWN_ID}/messages`).expect(404);
      const res = await request(app).get('/api/conversations/123/messages').expect(404);
      expect(res.body.message).toBe('This conversation does not exist.');
    });
  });

  describe('GET /api/conversations/:id/transcript', () => {
    it('downloads the conversation as a dated JSON attachment', async () => {
      const clock = () => new Date('2026-03-05T23:30:00.000Z');
      const dated = ctx.rebuild({ now: clock });
      const id = await createConversation();
      const { userMessage, assistantMessage } = (await send(id, 'Where are you based?').expect(200))
        .body as SendMessageResponse;

      const res = await request(dated)
        .get(`/api/conversations/${id}/transcript`)
        .set('Cookie', cookieOf(id))
        .expect(200);
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="conversation-transcript-2026-03-05.json"',
      );
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const transcript = JSON.parse(res.text) as Transcript;
      expect(transcript).toEqual({
        conversation: { id, createdAt: expect.any(String) },
        owner: { name: 'Alex Morgan', title: 'AI Solutions Architect' },
        exportedAt: '2026-03-05T23:30:00.000Z',
        messages: [userMessage, assistantMessage],
      });
      expect(new Date(transcript.conversation.createdAt).toISOString()).toBe(
        transcript.conversation.createdAt,
      );
    });

    it('exports an empty conversation and answers 404 for unknown ids', async () => {
      const id = await createConversation();
      const res = await request(app)
        .get(`/api/conversations/${id}/transcript`)
        .set('Cookie', cookieOf(id))
        .expect(200);
      expect(JSON.parse(res.text).messages).toEqual([]);
      await request(app).get(`/api/conversations/${UNKNOWN_ID}/transcript`).expect(404);
      await request(app).get('/api/conversations/nope/transcript').expect(404);
    });
  });

  describe('rate limit', () => {
    it('answers 429 {message} once an IP address sends too many messages in a minute', async () => {
      const limited = ctx.rebuild({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '2' } });
      const id = await createConversation(limited);
      await send(id, 'Hello', limited).expect(200);
      await send(id, 'Hi again', limited).expect(200);
      const res = await send(id, 'One more', limited).expect(429);
      expect(res.body.message).toMatch(/too quickly/);
      expect((await listMessages(id)).filter((m) => m.role === 'user')).toHaveLength(2);
      // Reading and creating conversations are not limited.
      await request(limited).get(`/api/conversations/${id}/messages`).set('Cookie', cookieOf(id)).expect(200);
      await createConversation(limited);
    });
  });
});
