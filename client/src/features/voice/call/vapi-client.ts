import type { VoiceConfig } from '@shared/voice';
import type { CallRequest, VoiceClient } from './voice-client';

type VapiSettings = NonNullable<VoiceConfig['vapi']>;

type SdkListener = (...args: unknown[]) => void;

/** The part of the Vapi web SDK instance we use (a fake object in unit tests). */
export interface VapiSdk {
  on(event: string, listener: SdkListener): unknown;
  removeListener(event: string, listener: SdkListener): unknown;
  start(assistant?: unknown, assistantOverrides?: unknown): Promise<{ id?: string } | null>;
  stop(): Promise<void> | void;
  setMuted(muted: boolean): void;
  /** The options the SDK creates its Daily call object with, read at each start. */
  dailyCallObject?: { audioSource?: string | boolean };
}

/**
 * Wraps a Vapi SDK instance pointed at our server (Vapi's proxy pattern). `start` sends only our
 * session id, as the SDK's "assistant": the server picks the assistant, the maximum duration and
 * the metadata, and creates the call at Vapi itself.
 */
export function createVapiVoiceClient(
  sdk: VapiSdk,
  getAudioDeviceId: () => string | undefined = () => undefined,
): VoiceClient {
  return {
    // Our event names and payloads are the SDK's own.
    on: (event, listener) => sdk.on(event, listener as SdkListener),
    removeListener: (event, listener) => sdk.removeListener(event, listener as SdkListener),
    async start({ sessionId }: CallRequest) {
      // The microphone chosen in the check: Daily opens it when the SDK creates its call object.
      const audioDeviceId = getAudioDeviceId();
      if (audioDeviceId) sdk.dailyCallObject = { ...sdk.dailyCallObject, audioSource: audioDeviceId };
      const call = await sdk.start({ voiceSessionId: sessionId });
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
export async function loadVapiVoiceClient(
  settings: VapiSettings,
  getAudioDeviceId?: () => string | undefined,
): Promise<VoiceClient> {
  const mod = (await import('@vapi-ai/web')) as unknown as { default?: VapiConstructor } & VapiConstructor;
  const Vapi: VapiConstructor = mod.default ?? mod;
  // No token: the SDK's only API request (POST {apiBaseUrl}/call/web) goes to our own origin,
  // which the visitor's cookie authenticates. avoidEval: Daily loads its call bundle as a script
  // from c.daily.co (allowed by our CSP) instead of evaluating fetched code ('unsafe-eval').
  const apiBaseUrl = new URL(settings.apiBaseUrl, window.location.origin).href;
  return createVapiVoiceClient(new Vapi('', apiBaseUrl, { avoidEval: true }), getAudioDeviceId);
}

type VapiConstructor = new (
  token: string,
  apiBaseUrl?: string,
  dailyConfig?: { avoidEval?: boolean },
) => VapiSdk;

/** Fetches the SDK chunk ahead of the first click, so starting a call does not wait for it. */
export function preloadVapiSdk(): void {
  import('@vapi-ai/web').catch(() => undefined);
}
