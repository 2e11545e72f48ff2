import * as sdk from 'openai';
import { describe, expect, it, vi } from 'vitest';
import {
  isClosedConnection,
  sendWithStaleConnectionRetry,
  type AttemptOptions,
} from '../../../../../server/services/clone/stale-connection-retry';

/** What the SDK throws when fetch failed on a connection the server had closed. */
const closedConnection = (code = 'UND_ERR_SOCKET') =>
  new sdk.APIConnectionError({
    cause: Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('other side closed'), { code }),
    }),
  });

describe('isClosedConnection', () => {
  it('is true for a connection closed or reset before any response', () => {
    expect(isClosedConnection(closedConnection(), sdk)).toBe(true);
    expect(isClosedConnection(closedConnection('ECONNRESET'), sdk)).toBe(true);
    expect(isClosedConnection(closedConnection('EPIPE'), sdk)).toBe(true);
  });

  it('is false for a refused connection, a timeout, an HTTP error or an abort', () => {
    expect(isClosedConnection(closedConnection('ECONNREFUSED'), sdk)).toBe(false);
    expect(isClosedConnection(new sdk.APIConnectionTimeoutError(), sdk)).toBe(false);
    expect(isClosedConnection(sdk.APIError.generate(500, undefined, 'boom', new Headers()), sdk)).toBe(false);
    expect(isClosedConnection(sdk.APIError.generate(400, undefined, 'bad', new Headers()), sdk)).toBe(false);
    expect(isClosedConnection(new sdk.APIUserAbortError(), sdk)).toBe(false);
  });
});

describe('sendWithStaleConnectionRetry', () => {
  const options = (signal = new AbortController().signal) => ({
    sdk,
    timeoutMs: 30_000,
    signal,
    onFreshConnection: vi.fn(),
  });

  it('sends once more, on a fresh connection, within what is left of the time budget', async () => {
    const attempts: AttemptOptions[] = [];
    const settings = options();
    const answer = await sendWithStaleConnectionRetry(async (attempt) => {
      attempts.push(attempt);
      if (attempts.length === 1) throw closedConnection();
      return 'reply';
    }, settings);
    expect(answer).toBe('reply');
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toEqual({});
    const retry = attempts[1]!;
    expect(retry.timeout).toBeGreaterThan(0);
    expect(retry.timeout).toBeLessThanOrEqual(30_000);
    expect(retry.fetchOptions?.dispatcher).toBeDefined();
    expect(settings.onFreshConnection).toHaveBeenCalledWith(retry.fetchOptions?.dispatcher);
    await retry.fetchOptions?.dispatcher.destroy();
  });

  it('retries once only: a second closed connection is the failure', async () => {
    const send = vi.fn(async (attempt: AttemptOptions) => {
      await attempt.fetchOptions?.dispatcher.destroy();
      throw closedConnection();
    });
    await expect(sendWithStaleConnectionRetry(send, options())).rejects.toBeInstanceOf(
      sdk.APIConnectionError,
    );
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures, nor a request the visitor gave up', async () => {
    for (const error of [
      new sdk.APIConnectionTimeoutError(),
      sdk.APIError.generate(503, undefined, 'busy', new Headers()),
      closedConnection('ECONNREFUSED'),
    ]) {
      const send = vi.fn(() => Promise.reject(error));
      await expect(sendWithStaleConnectionRetry(send, options())).rejects.toBe(error);
      expect(send).toHaveBeenCalledTimes(1);
    }
    const visitor = new AbortController();
    visitor.abort();
    const send = vi.fn(() => Promise.reject(closedConnection()));
    await expect(sendWithStaleConnectionRetry(send, options(visitor.signal))).rejects.toBeInstanceOf(
      sdk.APIConnectionError,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });
});
