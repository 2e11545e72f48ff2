import { afterEach, describe, expect, it, vi } from 'vitest';
import { upstream } from '../../../../../server/lib/app-error';
import type { ChatModel } from '../../../../../server/services/clone/chat-model';
import { CircuitBreaker } from '../../../../../server/services/clone/circuit-breaker';
import { createGuardedChatModel } from '../../../../../server/services/clone/guarded-chat-model';
import * as tokenBudget from '../../../../../server/services/clone/token-budget';

// The guard's bookkeeping around one reply: the breaker learns how the call went, and the call's
// tokens are counted before the reader learns the reply is over, however it ends.

vi.mock('../../../../../server/services/clone/token-budget', async (importOriginal) => ({
  ...(await importOriginal<typeof tokenBudget>()),
  recordTokensSpent: vi.fn(async () => {}),
}));

const events: string[] = [];

/** Three words, then (when `failAfter` says so) a model failure; 42 tokens reported on closing. */
function fakeModel({ failAfter }: { failAfter?: number } = {}): ChatModel {
  return {
    name: 'fake',
    async *streamReply(_history, { onUsage } = {}) {
      try {
        for (const [index, word] of ['one ', 'two ', 'three'].entries()) {
          if (index === failAfter) throw upstream('down');
          yield word;
        }
      } finally {
        onUsage?.(42);
        events.push('model closed');
      }
    },
  };
}

function guarded(model: ChatModel) {
  const breaker = new CircuitBreaker({ now: () => new Date() });
  for (const method of ['recordSuccess', 'recordFailure', 'release'] as const)
    vi.spyOn(breaker, method).mockImplementation(() => void events.push(method));
  vi.mocked(tokenBudget.recordTokensSpent).mockImplementation(async (_deps, tokens) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    events.push(`${tokens} tokens recorded`);
  });
  const deps = { db: {}, now: () => new Date(), env: {}, mail: {} } as unknown as tokenBudget.TokenBudgetDeps;
  return createGuardedChatModel(model, deps, breaker);
}

const history = [{ role: 'user' as const, content: 'hi' }];
const options = { isAvailabilityChecked: true };

describe('createGuardedChatModel', () => {
  afterEach(() => {
    events.length = 0;
    vi.restoreAllMocks();
  });

  it('passes the reply on, then records the success and the tokens before the reader sees its end', async () => {
    const iterator = guarded(fakeModel()).streamReply(history, options)[Symbol.asyncIterator]();
    const words: string[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) words.push(next.value);
    events.push('reader saw the end');
    expect(words).toEqual(['one ', 'two ', 'three']);
    expect(events).toEqual(['model closed', 'recordSuccess', '42 tokens recorded', 'reader saw the end']);
  });

  it('closes the model when the reader stops, counting what was answered', async () => {
    for await (const word of guarded(fakeModel()).streamReply(history, options)) {
      expect(word).toBe('one ');
      break;
    }
    expect(events).toEqual(['model closed', 'recordSuccess', '42 tokens recorded']);
  });

  it('closes the call of a reader that stops while it opens', async () => {
    const iterator = guarded(fakeModel()).streamReply(history, options)[Symbol.asyncIterator]();
    const first = iterator.next();
    await iterator.return?.();
    expect((await first).value).toBe('one ');
    expect(events).toContain('model closed');
    expect(events).toContain('42 tokens recorded');
    expect(events.filter((event) => ['recordSuccess', 'release'].includes(event))).toHaveLength(1);
  });

  it('counts a failure against the breaker and rethrows it; a reader that never read takes nothing', async () => {
    const failing = guarded(fakeModel({ failAfter: 0 })).streamReply(history, options);
    await expect(failing[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'upstream' });
    expect(events).toEqual(['model closed', 'recordFailure', '42 tokens recorded']);

    events.length = 0;
    const unread = guarded(fakeModel()).streamReply(history, options)[Symbol.asyncIterator]();
    expect(await unread.return?.()).toEqual({ value: undefined, done: true });
    expect(events).toEqual([]);
  });
});
