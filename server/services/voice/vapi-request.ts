import type { Env } from '../../env';

const VAPI_TIMEOUT_MS = 10_000;

/**
 * A JSON request to Vapi's API (VAPI_API_BASE) with the private key, given up after 10 seconds.
 * Rejects only when Vapi cannot be reached; each caller maps Vapi's answers to its own errors.
 */
export function requestVapi(
  env: Pick<Env, 'VAPI_API_BASE' | 'VAPI_API_KEY'>,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<Response> {
  return fetch(`${env.VAPI_API_BASE.replace(/\/+$/, '')}${path}`, {
    method,
    headers: { Authorization: `Bearer ${env.VAPI_API_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(VAPI_TIMEOUT_MS),
  });
}
