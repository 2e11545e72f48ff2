import type { VoiceConfig } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { getBillingMode } from '../billing/billing';
import { buildAssistantConfig, getFirstMessage } from './assistant-config';
import type { VapiAssistantSync } from './vapi-assistant-sync';

/**
 * What the browser needs to hold a call: Vapi (VAPI_PUBLIC_KEY) with the server-managed
 * assistant's id or the inline assistant, else browser voice.
 */
export async function getVoiceConfig(
  context: Pick<AppContext, 'env' | 'content'>,
  assistants: VapiAssistantSync,
): Promise<VoiceConfig> {
  const { env, content } = context;
  const base = {
    isDemoMode: getBillingMode(env) === 'demo',
    ownerName: content.profile.name,
    firstMessage: getFirstMessage(content),
  };
  const assistantId = await assistants.resolveAssistantId();
  if (!env.VAPI_PUBLIC_KEY) return { provider: 'browser', ...base };
  return {
    provider: 'vapi',
    ...base,
    vapi: {
      publicKey: env.VAPI_PUBLIC_KEY,
      apiBaseUrl: env.VAPI_API_BASE,
      ...(assistantId ? { assistantId } : { assistant: buildAssistantConfig(env, content) }),
    },
  };
}
