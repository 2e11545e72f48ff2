import type { VoiceConfig } from '@shared/voice';
import { VoiceCallError, type CallRequest, type VoiceClient } from './voice-client';

type VapiSettings = NonNullable<VoiceConfig['vapi']>;

type SdkListener = (...args: unknown[]) => void;

/** The part of the Vapi web SDK instance we use (a fake object in unit tests). */
export interface VapiSdk {
  on(event: string, listener: SdkListener): unknown;
  removeListener(event: string, listener: SdkListener): unknown;
  start(assistant?: unknown, assistantOverrides?: unknown): Promise<{ id?: string } | null>;
  stop(): Promise<void> | void;
  setMuted(muted: boolean): void;
}

/** Wraps a Vapi SDK instance: our session id and the server's maximum travel with every call. */
export function createVapiVoiceClient(sdk: VapiSdk, settings: VapiSettings): VoiceClient {
  return {
    // Our event names and payloads are the SDK's own.
    on: (event, listener) => sdk.on(event, listener as SdkListener),
    removeListener: (event, listener) => sdk.removeListener(event, listener as SdkListener),
    async start({ sessionId, maxDurationSeconds }: CallRequest) {
      const metadata = { voiceSessionId: sessionId };
      let call: { id?: string } | null;
      if (settings.assistantId) {
        call = await sdk.start(settings.assistantId, { maxDurationSeconds, metadata });
      } else if (settings.assistant) {
        const inline = settings.assistant;
        const inlineMetadata = (inline.metadata as Record<string, unknown> | undefined) ?? {};
        call = await sdk.start({
          ...inline,
          maxDurationSeconds,
          metadata: { ...inlineMetadata, ...metadata },
        });
      } else {
        throw new VoiceCallError('failed', 'Assistant or Squad or Workflow must be provided.');
      }
      return call ? { callId: call.id } : null;
    },
    stop: () => sdk.stop(),
    setMuted: (muted) => sdk.setMuted(muted),
  };
}

/**
 * Loads the Vapi SDK (and Daily with it) only now, so no other page downloads it. Vite 8 may hand
 * back the CommonJS namespace instead of the class, hence `default ?? module`.
 */
export async function loadVapiVoiceClient(settings: VapiSettings): Promise<VoiceClient> {
  const mod = (await import('@vapi-ai/web')) as unknown as { default?: VapiConstructor } & VapiConstructor;
  const Vapi: VapiConstructor = mod.default ?? mod;
  // avoidEval: Daily loads its call bundle as a script from c.daily.co (allowed by our CSP)
  // instead of evaluating fetched code, which would need 'unsafe-eval'.
  const sdk = new Vapi(settings.publicKey, settings.apiBaseUrl, { avoidEval: true });
  return createVapiVoiceClient(sdk, settings);
}

type VapiConstructor = new (
  publicKey: string,
  apiBaseUrl?: string,
  dailyConfig?: { avoidEval?: boolean },
) => VapiSdk;

/** Fetches the SDK chunk ahead of the first click, so starting a call does not wait for it. */
export function preloadVapiSdk(): void {
  import('@vapi-ai/web').catch(() => undefined);
}
