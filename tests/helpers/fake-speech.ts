import { vi } from 'vitest';

// Test doubles for the browser's speech and media APIs: a recogniser the test makes "hear" text,
// a synthesiser that finishes speaking on the next tick, and a microphone that records whether
// the streams it handed out are still open.

export class FakeRecognition {
  static instances: FakeRecognition[] = [];
  continuous = false;
  interimResults = false;
  lang = '';
  onresult: ((event: unknown) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  onaudiostart: (() => void) | null = null;
  isRunning = false;
  /** What the speech service answers a start with: audio flowing, or an error code. */
  static serviceAnswer: 'audio' | string = 'audio';
  readonly start = vi.fn(() => {
    this.isRunning = true;
    const answer = FakeRecognition.serviceAnswer;
    queueMicrotask(() => {
      if (!this.isRunning) return;
      if (answer === 'audio') this.onaudiostart?.();
      else {
        this.onerror?.({ error: answer });
        this.finish();
      }
    });
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

export class FakeUtterance {
  onstart: (() => void) | null = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onboundary: (() => void) | null = null;
  lang = '';
  constructor(readonly text: string) {}
}

export function createSynthesis() {
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

export function createMicrophone(error?: Error) {
  const tracks: { readyState: 'live' | 'ended'; stop(): void }[] = [];
  return {
    tracks,
    /** Whether a stream handed out is still open (the browser would show its microphone indicator). */
    isInUse: () => tracks.some((track) => track.readyState === 'live'),
    getUserMedia: vi.fn(async (_constraints?: MediaStreamConstraints) => {
      if (error) throw error;
      const track = {
        readyState: 'live' as 'live' | 'ended',
        stop() {
          track.readyState = 'ended';
        },
      };
      tracks.push(track);
      return { getTracks: () => [track] } as unknown as MediaStream;
    }),
  };
}
