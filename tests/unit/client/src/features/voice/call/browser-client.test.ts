// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserVoiceClient } from '@/features/voice/call/browser-client';
import type { SpeechRecognitionConstructor } from '@/features/voice/call/speech-recognition';
import { ApiError } from '@/lib/api-client';

import {
  FakeRecognition,
  FakeUtterance,
  createMicrophone,
  createSynthesis,
} from '../../../../../../helpers/fake-speech';

const flush = () => vi.advanceTimersByTimeAsync(300);

function setup(
  overrides: { microphoneError?: Error; sendTurn?: (id: string, text: string) => Promise<string> } = {},
) {
  const synthesis = createSynthesis();
  const microphone = createMicrophone(overrides.microphoneError);
  const sendTurn = vi.fn(overrides.sendTurn ?? (async (_id: string, text: string) => `You said: ${text}`));
  const client = createBrowserVoiceClient({
    sendTurn,
    firstMessage: 'Hello, I am the clone.',
    recognition: FakeRecognition as unknown as SpeechRecognitionConstructor,
    synthesis: synthesis as unknown as SpeechSynthesis,
    mediaDevices: microphone,
  });
  const events: { name: string; payload?: unknown }[] = [];
  for (const name of ['call-start', 'call-end', 'speech-start', 'speech-end', 'message', 'error'] as const) {
    client.on(name, ((payload?: unknown) => events.push({ name, payload })) as never);
  }
  const transcripts = () =>
    events
      .filter((event) => event.name === 'message')
      .map((event) => event.payload as { role: string; transcript: string; transcriptType: string })
      .filter((message) => message.transcriptType === 'final')
      .map((message) => `${message.role}: ${message.transcript}`);
  return { client, synthesis, microphone, sendTurn, events, transcripts };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  FakeRecognition.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browser voice client', () => {
  it('asks for the microphone, holds it for the call, greets, then listens', async () => {
    const ctx = setup();
    await expect(ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 })).resolves.toEqual({});
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(ctx.microphone.isInUse()).toBe(true);
    expect(ctx.events[0]?.name).toBe('call-start');
    expect(ctx.synthesis.spoken).toEqual(['Hello, I am the clone.']);
    await flush();
    const recognition = FakeRecognition.instances[0]!;
    expect(recognition.continuous).toBe(true);
    expect(recognition.interimResults).toBe(true);
    expect(recognition.start).toHaveBeenCalledTimes(2); // the speech service probed, then listening;
  });

  it('sends each final utterance to the server, speaks the reply and listens again', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    const recognition = FakeRecognition.instances[0]!;

    recognition.hear('What do', false);
    expect(ctx.sendTurn).not.toHaveBeenCalled();
    recognition.hear('What do you build?');
    expect(recognition.abort).toHaveBeenCalled(); // not listening while the clone answers
    await flush();

    expect(ctx.sendTurn).toHaveBeenCalledWith('s1', 'What do you build?');
    expect(ctx.synthesis.spoken).toEqual(['Hello, I am the clone.', 'You said: What do you build?']);
    expect(ctx.transcripts()).toEqual([
      'assistant: Hello, I am the clone.',
      'user: What do you build?',
      'assistant: You said: What do you build?',
    ]);
    expect(ctx.events.filter((event) => event.name === 'speech-start')).toHaveLength(2);
    expect(recognition.start).toHaveBeenCalledTimes(3);
  });

  it('stops recognition and speech, releases the microphone and reports call-end on stop', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    const recognition = FakeRecognition.instances[0]!;
    void ctx.client.stop();
    expect(ctx.microphone.isInUse()).toBe(false);
    expect(recognition.abort).toHaveBeenCalled();
    expect(ctx.synthesis.cancel).toHaveBeenCalled();
    expect(ctx.events.at(-1)?.name).toBe('call-end');
    await flush();
    expect(recognition.start).toHaveBeenCalledTimes(2); // no restart after the call
    void ctx.client.stop();
    expect(ctx.events.filter((event) => event.name === 'call-end')).toHaveLength(1);
  });

  it('pauses listening while muted', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    const recognition = FakeRecognition.instances[0]!;
    ctx.client.setMuted(true);
    await flush();
    expect(recognition.isRunning).toBe(false);
    expect(recognition.start).toHaveBeenCalledTimes(2);
    ctx.client.setMuted(false);
    expect(recognition.isRunning).toBe(true);
  });

  it('explains a refused microphone', async () => {
    const ctx = setup({ microphoneError: new DOMException('Permission denied', 'NotAllowedError') });
    await expect(ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 })).rejects.toMatchObject({
      kind: 'microphone-denied',
      message: expect.stringMatching(/Microphone access was refused/),
    });
    expect(ctx.events).toEqual([]);
  });

  it('acquires the microphone before the call and keeps that stream for it', async () => {
    const ctx = setup();
    await ctx.client.acquireMicrophone!();
    expect(ctx.microphone.isInUse()).toBe(true);
    expect(ctx.events).toEqual([]); // no call yet
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledTimes(1); // one prompt, not two
    expect(ctx.microphone.isInUse()).toBe(true);
    void ctx.client.stop();
    expect(ctx.microphone.isInUse()).toBe(false);

    // The next call asks again: the released stream is not reused.
    await ctx.client.acquireMicrophone!();
    await ctx.client.start({ sessionId: 's2', maxDurationSeconds: 60 });
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledTimes(2);
    void ctx.client.stop();
    expect(ctx.microphone.isInUse()).toBe(false);
  });

  it('rejects acquireMicrophone with a clear message when the microphone is refused or missing', async () => {
    const refused = setup({ microphoneError: new DOMException('Permission denied', 'NotAllowedError') });
    await expect(refused.client.acquireMicrophone!()).rejects.toMatchObject({
      kind: 'microphone-denied',
      message: expect.stringMatching(/Microphone access was refused/),
    });
    expect(refused.events).toEqual([]);

    const missing = setup({
      microphoneError: new DOMException('Requested device not found', 'NotFoundError'),
    });
    await expect(missing.client.acquireMicrophone!()).rejects.toMatchObject({ kind: 'no-microphone' });
  });

  it('releases an acquired microphone when stopped before any call, without a call-end', async () => {
    const ctx = setup();
    await ctx.client.acquireMicrophone!();
    void ctx.client.stop();
    expect(ctx.microphone.isInUse()).toBe(false);
    expect(ctx.events).toEqual([]);
  });

  it('releases the microphone when the call fails to start', async () => {
    const microphone = createMicrophone();
    const client = createBrowserVoiceClient({
      sendTurn: vi.fn(),
      firstMessage: 'Hi',
      recognition: class {
        constructor() {
          throw new DOMException('Speech service unavailable', 'NotSupportedError');
        }
      } as unknown as SpeechRecognitionConstructor,
      synthesis: null,
      mediaDevices: microphone,
    });
    await expect(client.acquireMicrophone!()).rejects.toMatchObject({ kind: 'speech-unavailable' });
    expect(microphone.isInUse()).toBe(false);
    await expect(client.start({ sessionId: 's1', maxDurationSeconds: 60 })).rejects.toThrow();
    expect(microphone.isInUse()).toBe(false);
  });

  it("names a speech service that fails while the microphone works, before any session (Chromium's audio-capture)", async () => {
    for (const answer of ['audio-capture', 'network', 'not-allowed', 'service-not-allowed']) {
      FakeRecognition.serviceAnswer = answer;
      const ctx = setup();
      const error = await ctx.client.acquireMicrophone!().catch((caught: unknown) => caught);
      expect(error, answer).toMatchObject({ kind: 'speech-unavailable' });
      expect((error as Error).message).toMatch(/microphone works, but this browser's speech recognition/);
      expect(ctx.microphone.isInUse()).toBe(false);
      expect(ctx.events).toEqual([]); // no call-start, so no call to end
    }
    FakeRecognition.serviceAnswer = 'audio';
  });

  it('drops a stream that arrives after stop (the page was left during the prompt)', async () => {
    const ctx = setup();
    const acquiring = ctx.client.acquireMicrophone!();
    void ctx.client.stop();
    await acquiring;
    expect(ctx.microphone.tracks).toHaveLength(1);
    expect(ctx.microphone.isInUse()).toBe(false);
  });

  it('says so where the browser has no speech recognition', async () => {
    const client = createBrowserVoiceClient({
      sendTurn: vi.fn(),
      firstMessage: 'Hi',
      recognition: undefined,
      synthesis: null,
      mediaDevices: null,
    });
    // jsdom has neither SpeechRecognition nor webkitSpeechRecognition.
    await expect(client.start({ sessionId: 's1', maxDurationSeconds: 60 })).rejects.toMatchObject({
      kind: 'unsupported',
    });
    await expect(client.acquireMicrophone!()).rejects.toMatchObject({ kind: 'unsupported' });
  });

  it('does not ask for the microphone where the call cannot work anyway', async () => {
    const microphone = createMicrophone();
    const client = createBrowserVoiceClient({
      sendTurn: vi.fn(),
      firstMessage: 'Hi',
      recognition: undefined,
      synthesis: null,
      mediaDevices: microphone,
    });
    await expect(client.acquireMicrophone!()).rejects.toMatchObject({ kind: 'unsupported' });
    expect(microphone.getUserMedia).not.toHaveBeenCalled();
  });

  it('ends the call when the recogniser loses the microphone permission mid-call', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    FakeRecognition.instances[0]!.onerror?.({ error: 'not-allowed' });
    expect(ctx.events.some((event) => event.name === 'error')).toBe(true);
    expect(ctx.events.at(-1)?.name).toBe('call-end');
    expect(ctx.microphone.isInUse()).toBe(false);
  });

  it('keeps the call after a failed turn but ends it when the server refuses the session', async () => {
    let answer: () => Promise<string> = async () => {
      throw new ApiError(502, '{"message":"Upstream"}', '502: Upstream');
    };
    const ctx = setup({ sendTurn: () => answer() });
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    FakeRecognition.instances[0]!.hear('Hello?');
    await flush();
    expect(ctx.events.filter((event) => event.name === 'error')).toHaveLength(1);
    expect(ctx.events.some((event) => event.name === 'call-end')).toBe(false);

    answer = async () => {
      throw new ApiError(403, '{"message":"No minutes left","code":"minutes_exhausted"}', '403: ...');
    };
    FakeRecognition.instances[0]!.hear('Still there?');
    await flush();
    expect(ctx.events.at(-1)?.name).toBe('call-end');
    expect(ctx.microphone.isInUse()).toBe(false);
  });

  it('asks for the microphone chosen in the check', async () => {
    const microphone = createMicrophone();
    const client = createBrowserVoiceClient({
      sendTurn: async () => '',
      firstMessage: 'Hello.',
      recognition: FakeRecognition as unknown as SpeechRecognitionConstructor,
      synthesis: createSynthesis() as unknown as SpeechSynthesis,
      mediaDevices: microphone,
      getAudioDeviceId: () => 'mic-usb',
    });
    await client.acquireMicrophone?.();
    expect(microphone.getUserMedia).toHaveBeenCalledWith({ audio: { deviceId: { exact: 'mic-usb' } } });
    await client.stop();
  });
});
