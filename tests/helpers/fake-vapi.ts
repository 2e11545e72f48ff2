import { EventEmitter } from 'node:events';
import { vi } from 'vitest';
import type { VapiSdk } from '@/features/voice/call/vapi-client';

/**
 * A stand-in for the Vapi web SDK instance: the same event names and methods. `start` resolves
 * what the test sets (a call, or null as the real SDK does on failure); the test emits events.
 */
export class FakeVapi extends EventEmitter implements VapiSdk {
  startResult: { id?: string } | null = { id: 'call_123' };
  /** Read by the real SDK when it creates its Daily call object (audioSource: the microphone). */
  dailyCallObject?: { audioSource?: string | boolean };
  /** Runs inside start(), before it resolves (e.g. emit 'error' like the SDK does on failure). */
  duringStart: (sdk: FakeVapi) => void = () => undefined;
  /**
   * When stop() emits call-end: 'during-stop', before it resolves, or 'after-stop', on a timer
   * (setTimeout 0) once it has resolved, as the real SDK's leaving of the Daily room can.
   */
  callEndOnStop: 'during-stop' | 'after-stop' = 'during-stop';
  readonly start = vi.fn(async (_assistant?: unknown, _overrides?: unknown) => {
    await Promise.resolve();
    this.duringStart(this);
    return this.startResult;
  });
  readonly stop = vi.fn(async () => {
    // The real SDK leaves the Daily room, which emits call-end.
    if (this.callEndOnStop === 'after-stop') setTimeout(() => this.emit('call-end'), 0);
    else this.emit('call-end');
  });
  readonly setMuted = vi.fn();
}
