import http from 'node:http';
import https from 'node:https';
import type * as Undici from 'undici';
import type { Agent as UndiciAgent } from 'undici';

/**
 * How long an idle connection to a provider (model, Vapi, Stripe) is kept for the next request.
 * Servers close idle connections after 5 s (Node's default, and common behind proxies and load
 * balancers, which often do not say so in a Keep-Alive header); the connection is given up well
 * before, with room for an event loop that runs a second or two behind under load.
 */
export const KEEP_ALIVE_IDLE_MS = 2_000;

let loadingUndici: Promise<typeof Undici> | undefined;
/** undici loads with the first request that needs it, like the SDKs it serves. */
export const loadUndici = () => (loadingUndici ??= import('undici'));

/**
 * A connection pool for undici (`request`, or `fetch` as its `dispatcher` option) that keeps
 * idle connections `KEEP_ALIVE_IDLE_MS` at most, whatever a server's Keep-Alive header offers.
 */
export async function createKeepAliveDispatcher(): Promise<UndiciAgent> {
  const { Agent } = await loadUndici();
  return new Agent({ keepAliveTimeout: KEEP_ALIVE_IDLE_MS, keepAliveMaxTimeout: KEEP_ALIVE_IDLE_MS });
}

/**
 * A pool of its own for one request that must not meet a connection already used: the retry of
 * a request whose pooled connection the server had closed. Destroy it once the request is over.
 */
export async function createFreshDispatcher(): Promise<UndiciAgent> {
  const { Agent } = await loadUndici();
  return new Agent({ connections: 1, keepAliveTimeout: 1, keepAliveMaxTimeout: 1 });
}

/** The same limit for SDKs built on node:http (stripe-node's `httpAgent`). */
export function createKeepAliveHttpAgent(protocol: 'http' | 'https'): http.Agent {
  const options = { keepAlive: true, timeout: KEEP_ALIVE_IDLE_MS };
  return protocol === 'http' ? new http.Agent(options) : new https.Agent(options);
}
