// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { loadVapiVoiceClient } from '@/features/voice/call/vapi-client';
import { FakeVapi } from '../../../../../../helpers/fake-vapi';

// The Vapi SDK is built against our own server (Vapi's proxy pattern), with no key.

const built: { args: unknown[]; sdk: FakeVapi }[] = [];

vi.mock('@vapi-ai/web', () => ({
  default: class {
    constructor(...args: unknown[]) {
      const sdk = new FakeVapi();
      built.push({ args, sdk });
      return sdk;
    }
  },
}));

describe('loadVapiVoiceClient', () => {
  it("points the SDK at our origin's proxy path without a token, and starts calls by session id", async () => {
    const client = await loadVapiVoiceClient({ apiBaseUrl: '/api/vapi' });
    expect(built).toHaveLength(1);
    expect(built[0]?.args).toEqual(['', `${window.location.origin}/api/vapi`, { avoidEval: true }]);

    const call = await client.start({ sessionId: 'session-9', maxDurationSeconds: 600 });
    expect(call).toEqual({ callId: 'call_123' });
    expect(built[0]?.sdk.start).toHaveBeenCalledWith({ voiceSessionId: 'session-9' });
  });

  it('resolves null when the SDK could not start the call (it reports why through events)', async () => {
    const client = await loadVapiVoiceClient({ apiBaseUrl: '/api/vapi' });
    built.at(-1)!.sdk.startResult = null;
    expect(await client.start({ sessionId: 'session-9', maxDurationSeconds: 600 })).toBeNull();
  });

  it('opens the microphone chosen in the check when the SDK creates its Daily call object', async () => {
    let chosen: string | undefined = 'mic-usb';
    const client = await loadVapiVoiceClient({ apiBaseUrl: '/api/vapi' }, () => chosen);
    const { sdk } = built.at(-1)!;
    await client.start({ sessionId: 'session-9', maxDurationSeconds: 600 });
    expect(sdk.dailyCallObject).toEqual({ audioSource: 'mic-usb' });
    chosen = 'mic-headset';
    await client.start({ sessionId: 'session-10', maxDurationSeconds: 600 });
    expect(sdk.dailyCallObject).toEqual({ audioSource: 'mic-headset' });
  });
});
