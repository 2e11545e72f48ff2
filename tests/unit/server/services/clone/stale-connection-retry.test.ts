import { errors } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { ModelHttpError, ModelTimeoutError } from '../../../../../server/services/clone/chat-completions';
import {
  isClosedConnection,
  sendWithStaleConnectionRetry,
  type AttemptOptions,
} from '../../../../../server/services/clone/stale-connection-retry';

/** What undici throws when a request's connection was closed (its SocketError) or failed. */
const closedConnection = (code = 'UND_ERR_SOCKET') =>
  code === 'UND_ERR_SOCKET'
    ? new errors.SocketError('other side closed')
    : Object.assign(new Error(`connect ${code}`), { code });

describe('isClosedConnection', () => {
  it('is true for a connection closed or reset before any response', () => {
    expect(isClosedConnection(closedConnection())).toBe(true);
    expect(isClosedConnection(closedConnection('ECONNRESET'))).toBe(true);
    expect(isClosedConnection(closedConnection('EPIPE'))).toBe(true);
    expect(isClosedConnection(new Error('wrapped', { cause: closedConnection() }))).toBe(true);
  });

  it('is false for a refused connection, a timeout, an HTTP error or an abort', () => {
    expect(isClosedConnection(closedConnection('ECONNREFUSED'))).toBe(false);
    expect(isClosedConnection(new ModelTimeoutError())).toBe(false);
    expect(isClosedConnection(new errors.HeadersTimeoutError())).toBe(false);
    expect(isClosedConnection(new ModelHttpError(500))).toBe(false);
    expect(isClosedConnection(new ModelHttpError(400))).toBe(false);
    expect(isClosedConnection(new errors.RequestAbortedError())).toBe(false);
  });
});

describe('sendWithStaleConnectionRetry', () => {
  const options = (signal = new AbortController().signal) => ({
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
    expect(retry.timeoutMs).toBeGreaterThan(0);
    expect(retry.timeoutMs).toBeLessThanOrEqual(30_000);
    expect(retry.dispatcher).toBeDefined();
    expect(settings.onFreshConnection).toHaveBeenCalledWith(retry.dispatcher);
    await retry.dispatcher?.destroy();
  });

  it('retries once only: a second closed connection is the failure', async () => {
    const send = vi.fn(async (attempt: AttemptOptions) => {
      await attempt.dispatcher?.destroy();
      throw closedConnection();
    });
    await expect(sendWithStaleConnectionRetry(send, options())).rejects.toBeInstanceOf(errors.SocketError);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not retry other failures, nor a request the visitor gave up', async () => {
    for (const error of [
      new ModelTimeoutError(),
      new ModelHttpError(503),
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
      errors.SocketError,
    );
    expect(send).toHaveBeenCalledTimes(1);
  });
});
