import { asc, eq } from 'drizzle-orm';
import type { Express } from 'express';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../shared/schema';
import { createApp } from '../../server/app';
import type { ChatModel, ChatTurn, ReplyOutcome } from '../../server/services/clone/chat-model';
import { knowledgeOf } from '../../server/services/clone/engine/knowledge';
import { createOfflineChatModel } from '../../server/services/clone/offline-chat-model';
import { getConversationHistoryAndTokensSpent } from '../../server/storage/chat-turns';
import { chatApi, parseChatStream } from '../helpers/conversations-sse';
import { useTestApp } from '../helpers/test-app';

// What a reply answered (the owner's content sections the offline clone quoted) is stored with it
// and comes back with the history the next reply starts from, so a follow-up goes on from it.

/** `model`, remembering the histories it was given and the outcomes it reported. */
function recording(model: ChatModel) {
  const histories: ChatTurn[][] = [];
  const outcomes: ReplyOutcome[] = [];
  const recorder: ChatModel = {
    name: model.name,
    streamReply(history, options = {}) {
      histories.push(structuredClone(history));
      return model.streamReply(history, {
        ...options,
        onOutcome: (outcome) => {
          outcomes.push(outcome);
          options.onOutcome?.(outcome);
        },
      });
    },
  };
  return { model: recorder, histories, outcomes };
}

/** Reports the given ids, quotes and backslashes included, as the sections it answered from. */
function reportingModel(answered: string[] | undefined): ChatModel {
  return {
    name: 'reporting',
    async *streamReply(_history, options) {
      yield 'A reply.';
      options?.onOutcome?.({ isAnswered: true, ...(answered ? { answered } : {}) });
    },
  };
}

describe('conversations: what a reply answered', () => {
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
  let clone: ReturnType<typeof recording>;
  let app: Express;
  let projects: Array<{ id: string; title: string }>;
  beforeAll(() => {
    projects = knowledgeOf(ctx.content)
      .sections.filter((section) => section.isCaseStudy)
      .map((section) => ({ id: section.passage.id, title: section.passage.title }));
  });
  beforeEach(() => {
    clone = recording(createOfflineChatModel(ctx.content, { wordDelayMs: 0 }));
    app = createApp({ ...ctx.deps, chatModel: clone.model });
  });
  const { createConversation, send, stream, cookieOf } = chatApi(() => app);
  const storedRows = (conversationId: string) =>
    ctx.database.db
      .select({ role: messages.role, answeredSections: messages.answeredSections })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.timestamp));

  it('stores the sections of an offline reply and gives them to the next reply with its history', async () => {
    const id = await createConversation();
    await send(id, 'Which projects have you done?').expect(200);
    const listed = clone.outcomes[0]!.answered!;
    expect(listed).toEqual(projects.slice(0, listed.length).map((project) => project.id));
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(await storedRows(id)).toEqual([
      { role: 'user', answeredSections: null },
      { role: 'assistant', answeredSections: listed },
    ]);

    const read = await getConversationHistoryAndTokensSpent(ctx.database.db, id, 40, '2026-01-01');
    expect(read?.messages.map((row) => row.answeredSections)).toEqual([null, listed]);

    const res = await send(id, 'Tell me about the second one').expect(200);
    expect(clone.histories[1]).toEqual([
      { role: 'user', content: 'Which projects have you done?' },
      { role: 'assistant', content: expect.any(String) as string, answered: listed },
      { role: 'user', content: 'Tell me about the second one' },
    ]);
    expect(res.body.assistantMessage.content).toContain(projects[1]!.title);
    expect((await storedRows(id)).at(-1)).toEqual({ role: 'assistant', answeredSections: [projects[1]!.id] });
  });

  it('stores them for a streamed reply too', async () => {
    const id = await createConversation();
    const events = parseChatStream((await stream(id, 'Which projects have you done?').expect(200)).text);
    expect(events.at(-1)?.event).toBe('done');
    expect((await storedRows(id)).at(-1)?.answeredSections).toEqual(clone.outcomes[0]!.answered);
  });

  it('stores ids exactly as reported, and nothing for a model that reports none', async () => {
    const odd = ['faq.md#1', 'a "quoted", {braced} id', 'back\\slash', ''];
    const reporting = createApp({ ...ctx.deps, chatModel: reportingModel(odd) });
    const id = await createConversation(reporting);
    await send(id, 'Hello', reporting).expect(200);
    expect((await storedRows(id)).at(-1)?.answeredSections).toEqual(odd);

    const silent = createApp({ ...ctx.deps, chatModel: reportingModel(undefined) });
    const other = await createConversation(silent);
    await send(other, 'Hello', silent).expect(200);
    expect((await storedRows(other)).at(-1)?.answeredSections).toBeNull();
    // The next reply's history carries no ids for that turn: the clone reads the reply's text.
    await send(other, 'Tell me about the second one').expect(200);
    expect(clone.histories[0]![1]).toEqual({ role: 'assistant', content: 'A reply.' });
  });

  it('stores the sections of a regenerated reply, from a history that carries the earlier ones', async () => {
    const id = await createConversation();
    await send(id, 'Which projects have you done?').expect(200);
    await send(id, 'Tell me about the second one').expect(200);
    const listed = clone.outcomes[0]!.answered!;
    await request(app).post(`/api/conversations/${id}/regenerate`).set('Cookie', cookieOf(id)).expect(200);
    expect(clone.histories[2]![1]).toMatchObject({ role: 'assistant', answered: listed });
    expect(clone.outcomes[2]!.answered).toEqual([projects[1]!.id]);
    expect((await storedRows(id)).map((row) => row.answeredSections)).toEqual([
      null,
      listed,
      null,
      [projects[1]!.id],
    ]);
  });
});
