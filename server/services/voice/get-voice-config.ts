import { VAPI_PROXY_PATH, type VoiceConfig } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import type { Env } from '../../env';
import { getFirstMessage } from './assistant-config';
import type { VapiAssistantSync } from './vapi-assistant-sync';

/**
 * Vapi when the server holds the private key (VAPI_API_KEY): it creates every call itself, so the
 * browser needs no key at all. Otherwise the browser's own speech APIs.
 */
export const getVoiceProvider = (env: Pick<Env, 'VAPI_API_KEY'>): VoiceConfig['provider'] =>
  env.VAPI_API_KEY ? 'vapi' : 'browser';

/**
 * What the browser needs to hold a call. With Vapi, only where to point the SDK: our proxy
 * (POST /api/vapi/call/web), which picks the assistant, the maximum and the metadata itself.
 */
export async function getVoiceConfig(
  context: Pick<AppContext, 'env' | 'content' | 'billing'>,
  assistants: VapiAssistantSync,
): Promise<VoiceConfig> {
  const { env, content, billing } = context;
  const base = {
    isDemoMode: billing.mode === 'demo',
    ownerName: content.profile.name,
    firstMessage: getFirstMessage(content),
    maxCallMinutes: env.VOICE_MAX_CALL_MINUTES,
  };
  // Creates or updates the assistant at Vapi ahead of the first call (stores it inline otherwise).
  await assistants.resolveAssistantId();
  if (getVoiceProvider(env) === 'browser') return { provider: 'browser', ...base };
  return { provider: 'vapi', ...base, vapi: { apiBaseUrl: VAPI_PROXY_PATH } };
}
