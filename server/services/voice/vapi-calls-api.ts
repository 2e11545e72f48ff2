import { z } from 'zod';
import type { Env } from '../../env';
import { unavailable, upstream } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import { requestVapi, withVapiConnections } from './vapi-request';

// Vapi's call endpoints as the server uses them: POST /call/web with the private key, and the
// call's live-control URL to end it. The browser reaches neither.

const CONTROL_TIMEOUT_MS = 5_000;

// Vapi's Call object: the fields the server keeps or the web SDK reads (id, webCallUrl,
// artifactPlan.videoRecordingEnabled, assistant.voice.provider, transport.callToken).
const webCallSchema = z.looseObject({
  id: z.string().min(1).max(255),
  webCallUrl: z.url(),
  type: z.string().optional(),
  status: z.string().optional(),
  createdAt: z.string().optional(),
  monitor: z.looseObject({ controlUrl: z.url().optional() }).nullish(),
  artifactPlan: z.looseObject({ videoRecordingEnabled: z.boolean().optional() }).nullish(),
  assistant: z.looseObject({ voice: z.looseObject({ provider: z.string().optional() }).nullish() }).nullish(),
  transport: z.looseObject({ callToken: z.string().optional() }).nullish(),
});

export type VapiWebCall = z.infer<typeof webCallSchema>;

/**
 * The call as the page's SDK gets it: only what the SDK reads. Vapi's whole answer also holds the
 * live-control and listen URLs (whoever has them can end or overhear the call), our overrides
 * with the report secret, and the metadata; none of that leaves the server.
 */
export interface SdkWebCall {
  id: string;
  type: string;
  status?: string;
  createdAt?: string;
  webCallUrl: string;
  artifactPlan: { videoRecordingEnabled: boolean };
  assistant?: { voice: { provider: string } };
  transport?: { callToken: string };
}

export function toSdkWebCall(call: VapiWebCall): SdkWebCall {
  const provider = call.assistant?.voice?.provider;
  const callToken = call.transport?.callToken;
  return {
    id: call.id,
    type: call.type ?? 'webCall',
    ...(call.status ? { status: call.status } : {}),
    ...(call.createdAt ? { createdAt: call.createdAt } : {}),
    webCallUrl: call.webCallUrl,
    artifactPlan: { videoRecordingEnabled: call.artifactPlan?.videoRecordingEnabled ?? false },
    ...(provider ? { assistant: { voice: { provider } } } : {}),
    ...(callToken ? { transport: { callToken } } : {}),
  };
}

/** POST {VAPI_API_BASE}/call/web with the private key. 503 when Vapi cannot be reached, 502 when it refuses. */
export async function postVapiWebCall(env: Pick<Env, 'VAPI_API_BASE' | 'VAPI_API_KEY'>, body: unknown) {
  let res: Response;
  try {
    res = await requestVapi(env, 'POST', '/call/web', body);
  } catch (error) {
    logger.error('vapi web call failed', { error: error instanceof Error ? error.message : String(error) });
    throw unavailable('The voice service could not be reached. Please try again in a moment.');
  }
  const answer: unknown = await res.json().catch(() => undefined);
  const parsed = webCallSchema.safeParse(answer);
  if (!res.ok || !parsed.success) {
    logger.error('vapi refused a web call', { status: res.status });
    throw upstream('The voice service did not accept the call. Please try again later.');
  }
  return parsed.data;
}

/**
 * Ends a live call through its control URL. Best effort: a call that already ended answers with
 * an error, which changes nothing.
 */
export async function endVapiCall(controlUrl: string): Promise<void> {
  try {
    const res = await fetch(controlUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'end-call' }),
      ...(await withVapiConnections(AbortSignal.timeout(CONTROL_TIMEOUT_MS))),
    });
    if (!res.ok) logger.info('vapi did not end the call', { status: res.status });
  } catch (error) {
    logger.info('vapi call control failed', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
