// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createBrowserVoiceClient,
  type SpeechRecognitionConstructor,
} from '@/features/voice/call/browser-client';
import { ApiError } from '@/lib/api-client';

// Test doubles for the browser's speech APIs: a recogniser the test makes "hear" text, and a
// synthesiser that finishes speaking on the next tick.

class FakeRecognition {
  static instances: FakeRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  isRunning = false;
  readonly start = vi.fn(() => {
    this.isRunning = true;
  });
  readonly stop = vi.fn(() => this.finish());
  readonly abort = vi.fn(() => this.finish());
  constructor() {
    FakeRecognition.instances.push(this);
  }
  private finish() {
    if (!this.isRunning) return;
    this.isRunning = false;
    queueMicrotask(() => this.onend?.());
  }
  hear(text: string, isFinal = true) {
    const result = Object.assign([{ transcript: text }], { isFinal });
    this.onresult?.({ resultIndex: 0, results: [result] });
  }
}

class FakeUtterance {
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onboundary: (() => void) | null = null;
  lang = '';
  constructor(readonly text: string) {}
}

function createSynthesis() {
  const spoken: string[] = [];
  return {
    spoken,
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push(utterance.text);
      utterance.onstart?.();
      setTimeout(() => utterance.onend?.(), 0);
    }),
    cancel: vi.fn(),
  };
}

function createMicrophone(error?: Error) {
  const track = { stop: vi.fn() };
  return {
    track,
    getUserMedia: vi.fn(async () => {
      if (error) throw error;
      return { getTracks: () => [track] } as unknown as MediaStream;
    }),
  };
}

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
  it('asks for the microphone, releases it at once, greets, then listens', async () => {
    const ctx = setup();
    await expect(ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 })).resolves.toEqual({});
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(ctx.microphone.track.stop).toHaveBeenCalled();
    expect(ctx.events[0]?.name).toBe('call-start');
    expect(ctx.synthesis.spoken).toEqual(['Hello, I am the clone.']);
    await flush();
    const recognition = FakeRecognition.instances[0]!;
    expect(recognition.continuous).toBe(true);
    expect(recognition.interimResults).toBe(true);
    expect(recognition.start).toHaveBeenCalledTimes(1);
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
    expect(recognition.start).toHaveBeenCalledTimes(2);
  });

  it('stops recognition and speech and reports call-end on stop', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    const recognition = FakeRecognition.instances[0]!;
    ctx.client.stop();
    expect(recognition.abort).toHaveBeenCalled();
    expect(ctx.synthesis.cancel).toHaveBeenCalled();
    expect(ctx.events.at(-1)?.name).toBe('call-end');
    await flush();
    expect(recognition.start).toHaveBeenCalledTimes(1); // no restart after the call
    ctx.client.stop();
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
    expect(recognition.start).toHaveBeenCalledTimes(1);
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
  });

  it('ends the call when the recogniser loses the microphone permission mid-call', async () => {
    const ctx = setup();
    await ctx.client.start({ sessionId: 's1', maxDurationSeconds: 60 });
    await flush();
    FakeRecognition.instances[0]!.onerror?.({ error: 'not-allowed' });
    expect(ctx.events.some((event) => event.name === 'error')).toBe(true);
    expect(ctx.events.at(-1)?.name).toBe('call-end');
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
  });
});
