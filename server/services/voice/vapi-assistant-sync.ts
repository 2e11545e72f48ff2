import { createHash } from 'node:crypto';
import type { AppContext } from '../../app-deps';
import type { Env } from '../../env';
import { logger } from '../../lib/logger';
import { getPublicBaseUrl } from '../../lib/public-url';
import { findActiveVapiAssistant, saveActiveVapiAssistant } from '../../storage/vapi-assistants';
import { buildAssistantConfig } from './assistant-config';
import { requestVapi } from './vapi-request';

/** vapi_assistants rows for a configuration only used inline (no VAPI_API_KEY) get this id prefix. */
export const INLINE_ASSISTANT_PREFIX = 'inline:';
const SYNC_RETRY_MS = 60_000;

type SyncContext = Pick<AppContext, 'database' | 'env' | 'content'>;

export interface VapiAssistantSync {
  /**
   * The id of the assistant at Vapi when the server manages it (VAPI_API_KEY): created or updated
   * there once per process when its configuration changed. Undefined means inline configuration
   * (no key, or Vapi could not be reached; the next request tries again).
   */
  resolveAssistantId(): Promise<string | undefined>;
}

export function createVapiAssistantSync(context: SyncContext): VapiAssistantSync {
  let pending: Promise<string | undefined> | undefined;
  // After a failure the inline assistant is served for a while, so a Vapi outage does not make
  // every page load wait for Vapi's timeout.
  let retryAt = 0;
  return {
    resolveAssistantId() {
      if (!pending && Date.now() < retryAt) return Promise.resolve(undefined);
      pending ??= syncAssistant(context).catch((error: unknown) => {
        logger.error('vapi assistant sync failed', {
          error: error instanceof Error ? error.message : String(error),
        });
        pending = undefined;
        retryAt = Date.now() + SYNC_RETRY_MS;
        return undefined;
      });
      return pending;
    },
  };
}

async function syncAssistant({ database, env, content }: SyncContext): Promise<string | undefined> {
  const db = database.db;
  const config = buildAssistantConfig(env, content);
  const server = getReportServer(env);
  // What is sent to Vapi, and what is stored: the same without the secret (a fingerprint instead,
  // so a changed secret is pushed too).
  const wire = server ? { ...config, server, serverMessages: ['end-of-call-report'] } : config;
  const record = server
    ? {
        ...config,
        server: { url: server.url },
        serverMessages: ['end-of-call-report'],
        secretFingerprint: fingerprint(env.VAPI_WEBHOOK_SECRET ?? ''),
      }
    : config;
  const name = String(config.name);
  const stored = await findActiveVapiAssistant(db);
  const isUnchanged = stored !== undefined && stableJson(stored.configuration) === stableJson(record);

  if (!env.VAPI_API_KEY) {
    if (!isUnchanged || !stored.vapiAssistantId.startsWith(INLINE_ASSISTANT_PREFIX))
      await saveActiveVapiAssistant(db, {
        name,
        vapiAssistantId: `${INLINE_ASSISTANT_PREFIX}${fingerprint(stableJson(record))}`,
        configuration: record,
      });
    return undefined;
  }

  if (stored && !stored.vapiAssistantId.startsWith(INLINE_ASSISTANT_PREFIX)) {
    if (isUnchanged) return stored.vapiAssistantId;
    const updated = await callVapi(
      env,
      'PATCH',
      `/assistant/${encodeURIComponent(stored.vapiAssistantId)}`,
      wire,
    );
    if (updated) {
      await saveActiveVapiAssistant(db, {
        name,
        vapiAssistantId: stored.vapiAssistantId,
        configuration: record,
      });
      return stored.vapiAssistantId;
    }
    // Deleted at Vapi: create it again.
  }
  const created = await callVapi(env, 'POST', '/assistant', wire);
  const id = typeof created?.id === 'string' ? created.id : undefined;
  if (!id) throw new Error('Vapi created an assistant without an id');
  await saveActiveVapiAssistant(db, { name, vapiAssistantId: id, configuration: record });
  logger.info('vapi assistant saved', { assistantId: id });
  return id;
}

/** Where Vapi sends end-of-call reports: needs a public URL Vapi can reach and the shared secret. */
export function getReportServer(env: Pick<Env, 'PUBLIC_URL' | 'PORT' | 'VAPI_WEBHOOK_SECRET'>) {
  if (!env.PUBLIC_URL || !env.VAPI_WEBHOOK_SECRET) return undefined;
  return {
    url: `${getPublicBaseUrl(env)}/api/vapi/webhook`,
    headers: { 'x-vapi-secret': env.VAPI_WEBHOOK_SECRET },
  };
}

/** Undefined for a PATCH of an assistant Vapi no longer has (404). */
async function callVapi(
  env: Env,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<{ id?: unknown } | undefined> {
  const res = await requestVapi(env, method, path, body);
  if (method === 'PATCH' && res.status === 404) return undefined;
  if (!res.ok) throw new Error(`Vapi ${method} ${path.split('/')[1]} answered ${res.status}`);
  return (await res.json()) as { id?: unknown };
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * JSON with object keys sorted, so a stored configuration compares equal whatever its key order.
 * Sorted by code unit, not localeCompare: its first call maps about 3 MB of ICU's collation data in
 * for good, and the assistant is synced when /voice is prerendered at start (decision 012).
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}
