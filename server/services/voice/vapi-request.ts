import type { Agent as UndiciAgent } from 'undici';
import type { Env } from '../../env';
import { createKeepAliveDispatcher } from '../../lib/keep-alive';

const VAPI_TIMEOUT_MS = 10_000;

let gettingDispatcher: Promise<UndiciAgent> | undefined;
/**
 * The connections to Vapi, each kept idle briefly (KEEP_ALIVE_IDLE_MS): a request never meets
 * one that Vapi, or a proxy on the way, has closed as idle.
 */
const getVapiDispatcher = () => (gettingDispatcher ??= createKeepAliveDispatcher());

/**
 * A JSON request to Vapi's API (VAPI_API_BASE) with the private key, given up after 10 seconds.
 * Rejects only when Vapi cannot be reached; each caller maps Vapi's answers to its own errors.
 */
export async function requestVapi(
  env: Pick<Env, 'VAPI_API_BASE' | 'VAPI_API_KEY'>,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${env.VAPI_API_BASE.replace(/\/+$/, '')}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.VAPI_API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(await withVapiConnections(AbortSignal.timeout(VAPI_TIMEOUT_MS))),
  });
}

/** `fetch` options with Vapi's connections (Node's fetch takes undici's `dispatcher`) and `signal`. */
export async function withVapiConnections(signal: AbortSignal): Promise<RequestInit> {
  const init: RequestInit & { dispatcher: UndiciAgent } = { signal, dispatcher: await getVapiDispatcher() };
  return init;
}
