import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../shared/chat';
import { conversations, unansweredQuestions } from '../../shared/schema';
import { createApp } from '../../server/app';
import { useTestApp } from '../helpers/test-app';
import { createScriptedChatModel } from '../helpers/scripted-chat-model';
import { chatApi, parseChatStream } from '../helpers/conversations-sse';

// What the server does with the clone's outcome (could it answer from the owner's content?),
// with a scripted model so the offline clone's wording does not matter here.
const OFF_TOPIC = ["What's the weather today?", 'Tell me a joke', 'Who won the game last night?'];

describe('conversations: replies the clone could not answer', () => {
  const ctx = useTestApp({ env: { CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
  let app: Express;
  let silentApp: Express;
  beforeAll(() => {
    app = createApp({
      ...ctx.deps,
      chatModel: createScriptedChatModel((message) => !OFF_TOPIC.includes(message)),
    });
    // A model that never reports an outcome: every reply counts as answered.
    silentApp = createApp({ ...ctx.deps, chatModel: createScriptedChatModel(() => undefined) });
  });

  const { createConversation, send, stream } = chatApi(() => app);
  const showFlags = async (id: string, messages: string[], target = app) => {
    const flags: boolean[] = [];
    for (const content of messages) {
      const res = await send(id, content, target).expect(200);
      flags.push((res.body as SendMessageResponse).shouldShowContactForm);
    }
    return flags;
  };
  const listStored = () =>
    ctx.database.db
      .select({ conversationId: unansweredQuestions.conversationId, question: unansweredQuestions.question })
      .from(unansweredQuestions);

  it('opens no form on questions, answered or not, however many', async () => {
    const id = await createConversation();
    expect(
      await showFlags(id, [
        'Where are you based?',
        'What are your rates?',
        'Which cloud do you prefer?',
        "What's the weather today?",
        'Tell me about the hospital project',
        'Do you sign NDAs?',
      ]),
    ).toEqual([false, false, false, false, false, false]);
  });

  it('opens the form on a stated intent even when the clone could not answer it', async () => {
    const unanswering = createApp({ ...ctx.deps, chatModel: createScriptedChatModel(() => false) });
    const id = await createConversation(unanswering);
    expect(await showFlags(id, ['Hello', 'Hi', 'Hey', 'Can we get on a call?'], unanswering)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });

  it('records the question it could not answer, with its conversation, and not the answered ones', async () => {
    const id = await createConversation();
    await send(id, 'What are your rates?').expect(200);
    await send(id, '  Tell me a joke  ').expect(200);
    const events = parseChatStream((await stream(id, "What's the weather today?").expect(200)).text);
    expect(events.at(-1)?.event).toBe('done');

    const stored = await listStored();
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        { conversationId: id, question: 'Tell me a joke' },
        { conversationId: id, question: "What's the weather today?" },
      ]),
    );
  });

  it('records nothing, and opens no form, when the model reports no outcome', async () => {
    const id = await createConversation(silentApp);
    expect(await showFlags(id, ['Hello', 'Hi', 'Hey', "What's the weather today?"], silentApp)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(await listStored()).toEqual([]);
  });

  it('forgets the questions with their conversation', async () => {
    const id = await createConversation();
    await send(id, 'Tell me a joke').expect(200);
    expect(await listStored()).toHaveLength(1);
    await ctx.database.db.delete(conversations).where(eq(conversations.id, id));
    expect(await listStored()).toEqual([]);
  });
});
