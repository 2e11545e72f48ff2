import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../../server/db/client';
import { notFound, unavailable, upstream, upstreamTimeout } from '../../../../../server/lib/app-error';
import type {
  ChatModel,
  ChatTurn,
  ReplyOutcome,
  StreamReplyOptions,
} from '../../../../../server/services/clone/chat-model';
import { CircuitBreaker } from '../../../../../server/services/clone/circuit-breaker';
import {
  createFallbackChatModel,
  frameUnavailableNotice,
  MODEL_UNAVAILABLE_NOTICE,
} from '../../../../../server/services/clone/fallback-chat-model';
import { createGuardedChatModel } from '../../../../../server/services/clone/guarded-chat-model';
import { getBudgetDay } from '../../../../../server/services/clone/token-budget';

// The configured clone degrades instead of failing: the offline clone answers, with a word saying
// so, whenever the paid model cannot before any of its reply was sent.

const HISTORY: ChatTurn[] = [{ role: 'user', content: 'What are your rates?' }];

/** A model that yields `deltas`, then throws `error` if given, and counts its calls. */
function scriptedModel(deltas: string[], error?: unknown) {
  const calls: StreamReplyOptions[] = [];
  const model: ChatModel = {
    name: 'primary',
    async *streamReply(_history, options = {}) {
      calls.push(options);
      for (const delta of deltas) yield delta;
      if (error) throw error;
      options.onOutcome?.({ isAnswered: true });
    },
  };
  return { model, calls };
}

/** The stand-in offline clone: a fixed reply and an outcome saying it could not answer. */
function offlineModel() {
  const calls: StreamReplyOptions[] = [];
  const model: ChatModel = {
    name: 'offline',
    async *streamReply(_history, options = {}) {
      calls.push(options);
      yield 'My rates ';
      yield 'are in my notes.';
      options.onOutcome?.({ isAnswered: false });
    },
  };
  return { model, calls };
}

async function collect(model: ChatModel, options: StreamReplyOptions = {}) {
  const outcomes: ReplyOutcome[] = [];
  let reply = '';
  for await (const delta of model.streamReply(HISTORY, {
    ...options,
    onOutcome: (outcome) => outcomes.push(outcome),
  })) {
    reply += delta;
  }
  return { reply, outcomes };
}

describe('createFallbackChatModel', () => {
  it("streams the primary's reply and outcome when it answers, without asking the fallback", async () => {
    const primary = scriptedModel(['Two hundred ', 'an hour.']);
    const offline = offlineModel();
    const model = createFallbackChatModel(primary.model, offline.model);
    expect(model.name).toBe('primary');
    expect(await collect(model)).toEqual({ reply: 'Two hundred an hour.', outcomes: [{ isAnswered: true }] });
    expect(offline.calls).toHaveLength(0);
  });

  it.each([
    ['unavailable (budget spent, breaker open, busy)', unavailable('Busy.')],
    ['an upstream error', upstream('Broken.')],
    ['a timeout before the first token', upstreamTimeout('Too slow.')],
  ])('answers from the fallback, opened by the notice, on %s', async (_name, error) => {
    const offline = offlineModel();
    const model = createFallbackChatModel(scriptedModel([], error).model, offline.model);
    const { reply, outcomes } = await collect(model);
    expect(reply).toBe(`*${MODEL_UNAVAILABLE_NOTICE}*\n\nMy rates are in my notes.`);
    // The fallback's outcome is the reply's: an unanswered question is still recorded.
    expect(outcomes).toEqual([{ isAnswered: false }]);
    expect(offline.calls).toHaveLength(1);
  });

  it('says the notice as a plain sentence on a voice call, and asks the fallback for speech', async () => {
    const offline = offlineModel();
    const model = createFallbackChatModel(scriptedModel([], unavailable('Busy.')).model, offline.model);
    const { reply } = await collect(model, { channel: 'voice' });
    expect(reply).toBe(`${MODEL_UNAVAILABLE_NOTICE} My rates are in my notes.`);
    expect(reply).not.toMatch(/[*_#`]/);
    expect(offline.calls[0]!.channel).toBe('voice');
    expect(frameUnavailableNotice('voice').trim()).toBe(MODEL_UNAVAILABLE_NOTICE);
  });

  it('keeps a failure after text reached the visitor: no second reply is spliced on', async () => {
    const offline = offlineModel();
    const model = createFallbackChatModel(
      scriptedModel(['I was about to'], upstreamTimeout('Stalled.')).model,
      offline.model,
    );
    const deltas: string[] = [];
    await expect(async () => {
      for await (const delta of model.streamReply(HISTORY)) deltas.push(delta);
    }).rejects.toThrow('Stalled.');
    expect(deltas).toEqual(['I was about to']);
    expect(offline.calls).toHaveLength(0);
  });

  it('falls back when only whitespace came before the failure', async () => {
    const model = createFallbackChatModel(
      scriptedModel(['\n'], upstream('Broken.')).model,
      offlineModel().model,
    );
    expect((await collect(model)).reply).toContain(MODEL_UNAVAILABLE_NOTICE);
  });

  it('rethrows what is not a model failure, and a failure once the visitor has left', async () => {
    const offline = offlineModel();
    const bug = new TypeError('a bug');
    await expect(collect(createFallbackChatModel(scriptedModel([], bug).model, offline.model))).rejects.toBe(
      bug,
    );
    const missing = notFound('Gone.');
    await expect(
      collect(createFallbackChatModel(scriptedModel([], missing).model, offline.model)),
    ).rejects.toBe(missing);
    const left = new AbortController();
    left.abort();
    await expect(
      collect(createFallbackChatModel(scriptedModel([], upstream('Broken.')).model, offline.model), {
        signal: left.signal,
      }),
    ).rejects.toThrow('Broken.');
    expect(offline.calls).toHaveLength(0);
  });

  it('is always available, yet still asks the primary (passing what the caller read)', async () => {
    const asked: unknown[] = [];
    const refusing: ChatModel = {
      ...scriptedModel([]).model,
      assertAvailable: async (known) => {
        asked.push(known);
        throw unavailable('Spent.');
      },
    };
    const known = { tokensSpent: { day: '2026-06-01', tokens: 5 } };
    await expect(
      createFallbackChatModel(refusing, offlineModel().model).assertAvailable!(known),
    ).resolves.toBe(undefined);
    expect(asked).toEqual([known]);

    const dbDown = new Error('connection refused');
    const failing: ChatModel = { ...refusing, assertAvailable: async () => Promise.reject(dbDown) };
    await expect(createFallbackChatModel(failing, offlineModel().model).assertAvailable!()).rejects.toBe(
      dbDown,
    );
  });

  describe('over the guarded model', () => {
    const now = () => new Date('2026-06-01T10:00:00Z');
    const guardedOver = (inner: ChatModel, breaker = new CircuitBreaker({ now })) =>
      createGuardedChatModel(
        inner,
        {
          // Never queried: the budget is read from what the caller passes, and no tokens are spent.
          db: {} as Database,
          now,
          env: { LLM_DAILY_TOKEN_BUDGET: 1000, OWNER_EMAIL: undefined },
          mail: { flush: async () => {} },
        },
        breaker,
      );

    it('answers offline while the breaker is open, without calling the model', async () => {
      const inner = scriptedModel(['Never sent.']);
      const breaker = new CircuitBreaker({ now, failureThreshold: 1 });
      breaker.recordFailure();
      const model = createFallbackChatModel(guardedOver(inner.model, breaker), offlineModel().model);
      const known = { tokensSpent: { day: getBudgetDay(now()), tokens: 0 } };
      await model.assertAvailable!(known);
      const { reply } = await collect(model, { isAvailabilityChecked: true });
      expect(reply).toContain(MODEL_UNAVAILABLE_NOTICE);
      expect(inner.calls).toHaveLength(0);
    });

    it('answers offline once the budget is spent: checked first, then no call', async () => {
      const inner = scriptedModel(['Never sent.']);
      const model = createFallbackChatModel(guardedOver(inner.model), offlineModel().model);
      await model.assertAvailable!({ tokensSpent: { day: getBudgetDay(now()), tokens: 1000 } });
      const { reply } = await collect(model, { isAvailabilityChecked: true });
      expect(reply).toContain(MODEL_UNAVAILABLE_NOTICE);
      expect(inner.calls).toHaveLength(0);
    });

    it('counts a failure before the first token against the breaker, and still answers', async () => {
      const inner = scriptedModel([], upstream('Broken.'));
      const breaker = new CircuitBreaker({ now, failureThreshold: 1 });
      const model = createFallbackChatModel(guardedOver(inner.model, breaker), offlineModel().model);
      await model.assertAvailable!({ tokensSpent: { day: getBudgetDay(now()), tokens: 0 } });
      expect((await collect(model, { isAvailabilityChecked: true })).reply).toContain(
        MODEL_UNAVAILABLE_NOTICE,
      );
      expect(inner.calls).toHaveLength(1);
      expect(breaker.isOpen()).toBe(true);
    });
  });
});
