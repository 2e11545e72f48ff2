import type { RequestHandler } from 'express';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppContext } from '../../server/app-deps';
import type { ChatModel } from '../../server/services/clone/chat-model';
import { chatApi } from '../helpers/conversations-sse';
import { useTestApp } from '../helpers/test-app';

// Each database round trip before the model is called delays the first token: the reply's reads
// (the conversation, its history, the model's availability) run while the rate limit counts.

describe('reads before the first token', () => {
  const ctx = useTestApp();
  const { createConversation, send, stream } = chatApi(() => ctx.app);

  /**
   * An app whose rate limit lets a message through only once the model has been asked whether it
   * is available, which the reply's reads lead to: reads that waited for the limit would never
   * start, and the request would hang (the test then fails on its timeout).
   */
  function buildProbedApp() {
    const seen = { counted: 0 };
    let tellAsked = () => {};
    let asked = new Promise<void>((resolve) => (tellAsked = resolve));
    const chatModel: ChatModel = {
      name: 'probe',
      assertAvailable: async () => tellAsked(),
      async *streamReply() {
        yield 'An answer.';
      },
    };
    const countMessage: RequestHandler = (_req, _res, next) => {
      seen.counted += 1;
      void asked.then(() => {
        asked = new Promise<void>((resolve) => (tellAsked = resolve));
        next();
      });
    };
    const chatMessage = Object.assign(countMessage, {
      resetKey: () => {},
      getKey: () => undefined,
    }) as unknown as AppContext['rateLimits']['chatMessage'];
    const app = createApp({
      ...ctx.appContext,
      chatModel,
      rateLimits: { ...ctx.appContext.rateLimits, chatMessage },
    });
    return { app, seen };
  }

  it('are under way while the rate limit counts the message, as JSON and as a stream', async () => {
    const { app, seen } = buildProbedApp();
    const id = await createConversation(app);
    const json = await send(id, 'How do you work?', app).expect(200);
    expect(json.body.assistantMessage.content).toBe('An answer.');
    const streamed = await stream(id, 'And your rates?', app).expect(200);
    expect(streamed.text).toContain('event: delta');
    expect(seen.counted).toBe(2);
  });
});
