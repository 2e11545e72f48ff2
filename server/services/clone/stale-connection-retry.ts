import { performance } from 'node:perf_hooks';
import type { Agent as UndiciAgent } from 'undici';
import { createFreshDispatcher } from '../../lib/keep-alive';
import { logger } from '../../lib/logger';

/**
 * Error codes of a connection closed or reset under a request: by the server that had just timed
 * it out as idle (a pooled connection's usual end), or by anything on the way.
 */
export const CLOSED_CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

/** True when a request failed, before any response, because its connection was closed or reset. */
export function isClosedConnection(error: unknown): boolean {
  // undici's own error, or one that wraps it.
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 5; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && CLOSED_CONNECTION_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export interface AttemptOptions {
  /** The wait for the response, in ms: what is left of the reply's time budget. */
  timeoutMs?: number;
  /** A fresh pool for the retry. */
  dispatcher?: UndiciAgent;
}

/**
 * Sends a request; when it fails before any response because its pooled connection was closed
 * (the server timed it out as idle just as it was reused), sends it once more on a fresh
 * connection, within what is left of `timeoutMs`. Nothing of the reply existed yet, so nothing
 * is repeated to the visitor, and the failed attempt was never answered, so never billed.
 * `onFreshConnection` receives the retry's pool, to destroy once its reply is over.
 */
export async function sendWithStaleConnectionRetry<T>(
  send: (options: AttemptOptions) => Promise<T>,
  {
    timeoutMs,
    signal,
    onFreshConnection,
  }: {
    timeoutMs: number;
    signal: AbortSignal;
    onFreshConnection: (dispatcher: UndiciAgent) => void;
  },
): Promise<T> {
  const startedAt = performance.now();
  try {
    return await send({});
  } catch (error) {
    const remainingMs = Math.floor(timeoutMs - (performance.now() - startedAt));
    if (signal.aborted || remainingMs <= 0 || !isClosedConnection(error)) throw error;
    logger.warn('chat model connection was closed before the reply: retrying on a fresh connection');
    const dispatcher = await createFreshDispatcher();
    onFreshConnection(dispatcher);
    return await send({ timeoutMs: remainingMs, dispatcher });
  }
}
