import { describe, expect, it, vi } from 'vitest';
import { CallController } from '@/features/voice/call/call-controller';
import type { Clock } from '@/features/voice/call/call-timer';
import type { CallSummary } from '@/features/voice/call/call-types';
import { createVapiVoiceClient } from '@/features/voice/call/vapi-client';
import { FakeVapi } from '../../../../../../helpers/fake-vapi';

// The call controller on its own: no React, a fake Vapi SDK and a clock the test moves.

const REQUEST = { sessionId: 'session-1', maxDurationSeconds: 600 };

/** A clock whose time moves only when the test says, running its intervals as it goes. */
class FakeClock implements Clock {
  time = 1_000_000;
  private intervals = new Map<number, { callback: () => void; ms: number; next: number }>();
  private lastHandle = 0;
  now = () => this.time;
  setInterval = (callback: () => void, ms: number) => {
    this.lastHandle += 1;
    this.intervals.set(this.lastHandle, { callback, ms, next: this.time + ms });
    return this.lastHandle;
  };
  clearInterval = (handle: unknown) => {
    this.intervals.delete(handle as number);
  };
  advance(ms: number) {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.intervals.values()].filter((timer) => timer.next <= until);
      const first = due.sort((a, b) => a.next - b.next)[0];
      if (!first) break;
      this.time = first.next;
      first.next += first.ms;
      first.callback();
    }
    this.time = until;
  }
  get pendingIntervals() {
    return this.intervals.size;
  }
}

function setup() {
  const sdk = new FakeVapi();
  const clock = new FakeClock();
  const onEnded = vi.fn<(summary: CallSummary) => void>();
  const loadClient = vi.fn(async () => createVapiVoiceClient(sdk));
  const controller = new CallController({ loadClient, onEnded, clock });
  const statuses: string[] = [];
  controller.subscribe(() => statuses.push(controller.getSnapshot().status));
  return { sdk, clock, onEnded, loadClient, controller, statuses };
}

async function startActive(ctx: ReturnType<typeof setup>) {
  const outcome = await ctx.controller.start(async () => REQUEST);
  ctx.sdk.emit('call-start');
  return outcome;
}

describe('CallController', () => {
  it('goes idle -> connecting -> active -> ended and counts seconds on its clock', async () => {
    const ctx = setup();
    expect(ctx.controller.getSnapshot().status).toBe('idle');
    expect(await startActive(ctx)).toEqual({ ok: true });
    expect(ctx.controller.getSnapshot().status).toBe('active');

    ctx.clock.advance(65_000);
    expect(ctx.controller.getSnapshot().elapsedSeconds).toBe(65);
    ctx.controller.end();

    expect(ctx.statuses.filter((status, i, all) => status !== all[i - 1])).toEqual([
      'connecting',
      'active',
      'ended',
    ]);
    expect(ctx.onEnded).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ durationSeconds: 65, reason: 'user', callId: 'call_123' }),
    );
    expect(ctx.sdk.stop).toHaveBeenCalledTimes(1);
    // The timer stopped with the call.
    expect(ctx.clock.pendingIntervals).toBe(0);
  });

  it('hands out a new frozen snapshot on each change and the same one otherwise', async () => {
    const ctx = setup();
    const before = ctx.controller.getSnapshot();
    expect(ctx.controller.getSnapshot()).toBe(before);
    expect(Object.isFrozen(before)).toBe(true);
    await startActive(ctx);
    const after = ctx.controller.getSnapshot();
    expect(after).not.toBe(before);
    expect(before.status).toBe('idle');
  });

  it('refuses a second start while one is connecting', async () => {
    const ctx = setup();
    const first = ctx.controller.start(async () => REQUEST);
    expect(await ctx.controller.start(async () => REQUEST)).toEqual({ ok: false, reason: 'busy' });
    await first;
    expect(ctx.sdk.start).toHaveBeenCalledTimes(1);
  });

  it('ends the call at the maximum duration the server allowed', async () => {
    const ctx = setup();
    await ctx.controller.start(async () => ({ ...REQUEST, maxDurationSeconds: 30 }));
    ctx.sdk.emit('call-start');
    ctx.clock.advance(30_000);
    expect(ctx.controller.getSnapshot().status).toBe('ended');
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 30, reason: 'max-duration' }),
    );
  });

  it('turns a start the SDK answers with null into an error, back to idle, with the session closed as failed', async () => {
    const ctx = setup();
    ctx.sdk.startResult = null;
    ctx.sdk.duringStart = (sdk) => sdk.emit('error', { type: 'start-method-error' });
    const outcome = await ctx.controller.start(async () => REQUEST);
    expect(outcome).toMatchObject({ ok: false, reason: 'failed' });
    expect(ctx.controller.getSnapshot()).toMatchObject({ status: 'idle', elapsedSeconds: 0 });
    // The web call was never created: the provider was not reached, and the message says so.
    expect(ctx.controller.getSnapshot().error?.kind).toBe('provider-unreachable');
    expect(ctx.controller.getSnapshot().error?.message).toMatch(/voice service could not be reached/);
    expect(ctx.onEnded).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ durationSeconds: 0, reason: 'failed' }),
    );
  });

  it('opens no call when prepare says no', async () => {
    const ctx = setup();
    expect(await ctx.controller.start(async () => null)).toEqual({ ok: false, reason: 'aborted' });
    expect(ctx.controller.getSnapshot().status).toBe('idle');
    expect(ctx.sdk.start).not.toHaveBeenCalled();
    expect(ctx.onEnded).not.toHaveBeenCalled();
  });

  it('keeps captions and builds the transcript from the final lines', async () => {
    const ctx = setup();
    await startActive(ctx);
    const say = (role: string, transcriptType: string, transcript: string) =>
      ctx.sdk.emit('message', { type: 'transcript', role, transcriptType, transcript });
    say('user', 'partial', 'Hel');
    say('user', 'final', 'Hello there');
    say('assistant', 'final', 'Hi! How can I help?');
    expect(ctx.controller.getSnapshot().captions.map((caption) => caption.text)).toEqual([
      'Hello there',
      'Hi! How can I help?',
    ]);
    ctx.controller.end();
    expect(ctx.onEnded.mock.calls[0]?.[0].transcript).toBe(
      'User: Hello there\nAssistant: Hi! How can I help?',
    );
  });

  it('ends on the provider call-end, and takes the call-end after its own stop as an echo', async () => {
    const ctx = setup();
    await startActive(ctx);
    ctx.sdk.emit('call-end');
    expect(ctx.controller.getSnapshot().status).toBe('ended');
    expect(ctx.onEnded).toHaveBeenCalledWith(expect.objectContaining({ reason: 'remote' }));

    // The next call: our own stop makes the SDK emit call-end, which must not end a third call.
    await startActive(ctx);
    ctx.controller.end();
    await startActive(ctx);
    expect(ctx.controller.getSnapshot().status).toBe('active');
    expect(ctx.onEnded).toHaveBeenCalledTimes(2);
  });

  it('mutes through the SDK only during a call', async () => {
    const ctx = setup();
    ctx.controller.toggleMute();
    expect(ctx.sdk.setMuted).not.toHaveBeenCalled();
    await startActive(ctx);
    ctx.controller.toggleMute();
    expect(ctx.sdk.setMuted).toHaveBeenCalledWith(true);
    expect(ctx.controller.getSnapshot().isMuted).toBe(true);
    ctx.controller.end();
    expect(ctx.controller.getSnapshot().isMuted).toBe(false);
  });

  it('ends a running call when the page is detached, and drops the SDK listeners', async () => {
    const ctx = setup();
    await startActive(ctx);
    ctx.controller.detach();
    expect(ctx.onEnded).toHaveBeenCalledWith(expect.objectContaining({ reason: 'unmount' }));
    expect(ctx.sdk.listenerCount('call-start')).toBe(0);
  });
});
