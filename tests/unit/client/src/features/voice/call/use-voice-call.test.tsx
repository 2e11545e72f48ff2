// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserVoiceClient } from '@/features/voice/call/browser-client';
import type { CallSummary } from '@/features/voice/call/call-types';
import type { SpeechRecognitionConstructor } from '@/features/voice/call/speech-recognition';
import { useVoiceCall } from '@/features/voice/call/use-voice-call';
import { createVapiVoiceClient } from '@/features/voice/call/vapi-client';
import { formatTimer } from '@/features/voice/format';
import { FakeRecognition, createMicrophone } from '../../../../../../helpers/fake-speech';
import { FakeVapi } from '../../../../../../helpers/fake-vapi';

const REQUEST = { sessionId: 'session-1', maxDurationSeconds: 600 };

function setup({ strict = false }: { strict?: boolean } = {}) {
  const sdk = new FakeVapi();
  const loadClient = vi.fn(async () => createVapiVoiceClient(sdk));
  const onEnded = vi.fn<(summary: CallSummary) => void>();
  const wrapper = strict
    ? ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>
    : undefined;
  const hook = renderHook(() => useVoiceCall({ loadClient, onEnded }), { wrapper });
  return { sdk, loadClient, onEnded, hook };
}

/** Starts a call and lets the fake SDK report that the assistant is listening. */
async function startActiveCall(ctx: ReturnType<typeof setup>, request = REQUEST) {
  let outcome;
  await act(async () => {
    outcome = await ctx.hook.result.current.start(async () => request);
  });
  expect(ctx.hook.result.current.status).toBe('connecting');
  act(() => {
    ctx.sdk.emit('call-start');
  });
  return outcome;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useVoiceCall with a fake Vapi SDK', () => {
  it('goes idle -> connecting -> active -> ended, ticking the timer once a second', async () => {
    const ctx = setup();
    expect(ctx.hook.result.current.status).toBe('idle');

    const outcome = await startActiveCall(ctx);
    expect(outcome).toEqual({ ok: true });
    expect(ctx.hook.result.current.status).toBe('active');
    expect(formatTimer(ctx.hook.result.current.elapsedSeconds)).toBe('00:00');

    act(() => vi.advanceTimersByTime(1000));
    expect(formatTimer(ctx.hook.result.current.elapsedSeconds)).toBe('00:01');
    act(() => vi.advanceTimersByTime(64_000));
    expect(formatTimer(ctx.hook.result.current.elapsedSeconds)).toBe('01:05');

    act(() => ctx.hook.result.current.end());
    expect(ctx.hook.result.current.status).toBe('ended');
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 65, reason: 'user', callId: 'call_123' }),
    );
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
    // Stopping the SDK is what releases the microphone.
    expect(ctx.sdk.stop).toHaveBeenCalled();
    // The SDK's own call-end after stop() does not end the call a second time.
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
    // The timer stops with the call.
    act(() => vi.advanceTimersByTime(5000));
    expect(ctx.hook.result.current.elapsedSeconds).toBe(65);
  });

  it('asks for the call with only our session id: the server sets the assistant, maximum and metadata', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    expect(ctx.sdk.start).toHaveBeenCalledTimes(1);
    expect(ctx.sdk.start).toHaveBeenCalledWith({ voiceSessionId: 'session-1' });
  });

  it('refuses a second start while a call runs and keeps one SDK instance across calls', async () => {
    const ctx = setup();
    await startActiveCall(ctx);

    let second;
    await act(async () => {
      second = await ctx.hook.result.current.start(async () => REQUEST);
    });
    expect(second).toEqual({ ok: false, reason: 'busy' });
    expect(ctx.sdk.start).toHaveBeenCalledTimes(1);

    act(() => ctx.hook.result.current.end());
    await startActiveCall(ctx, { sessionId: 'session-2', maxDurationSeconds: 600 });
    expect(ctx.hook.result.current.status).toBe('active');
    expect(ctx.sdk.start).toHaveBeenCalledTimes(2);
    expect(ctx.loadClient).toHaveBeenCalledTimes(1);
  });

  // Vapi reports the end of a stopped call after stop() resolved; it must not end the next call.
  it('keeps the next call when the SDK reports the end of the previous one late', async () => {
    const ctx = setup();
    ctx.sdk.callEndOnStop = 'after-stop';
    const callEnds = vi.fn();
    ctx.sdk.on('call-end', callEnds);
    await startActiveCall(ctx);
    act(() => ctx.hook.result.current.end());
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);

    // The next call starts (and connects) before the SDK says the first one ended.
    await startActiveCall(ctx, { sessionId: 'session-2', maxDurationSeconds: 600 });
    expect(ctx.sdk.stop).toHaveBeenCalledTimes(1);
    expect(callEnds).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(callEnds).toHaveBeenCalledTimes(1);
    expect(ctx.hook.result.current.status).toBe('active');
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
  });

  it('refuses a double click while connecting', async () => {
    const ctx = setup();
    let first!: Promise<unknown>;
    let second: unknown;
    await act(async () => {
      first = ctx.hook.result.current.start(async () => REQUEST);
      second = await ctx.hook.result.current.start(async () => REQUEST);
      await first;
    });
    expect(second).toEqual({ ok: false, reason: 'busy' });
    expect(ctx.sdk.start).toHaveBeenCalledTimes(1);
  });

  it('starts one SDK call under StrictMode (effects run twice, the click once)', async () => {
    const ctx = setup({ strict: true });
    await startActiveCall(ctx);
    expect(ctx.loadClient).toHaveBeenCalledTimes(1);
    expect(ctx.sdk.start).toHaveBeenCalledTimes(1);
    expect(ctx.hook.result.current.status).toBe('active');
  });

  it('ends the call on the SDK call-end event', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => vi.advanceTimersByTime(3000));
    act(() => {
      ctx.sdk.emit('call-end');
    });
    expect(ctx.hook.result.current.status).toBe('ended');
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 3, reason: 'remote' }),
    );
  });

  it('treats a start that resolves null as a failure, closes the session and goes back to idle', async () => {
    const ctx = setup();
    ctx.sdk.startResult = null;
    ctx.sdk.duringStart = (sdk) => {
      sdk.emit('error', { type: 'start-method-error', error: { message: 'Request failed with status 500' } });
      sdk.emit('call-end'); // the SDK's cleanup leaves the room
    };
    let outcome: unknown;
    await act(async () => {
      outcome = await ctx.hook.result.current.start(async () => REQUEST);
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'failed', error: { kind: 'provider-unreachable' } });
    expect(ctx.hook.result.current.status).toBe('idle');
    expect(ctx.hook.result.current.error?.message).toMatch(/voice service could not be reached.*no minute/);
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 0, reason: 'failed' }),
    );
  });

  it('explains a refused microphone', async () => {
    const ctx = setup();
    ctx.sdk.startResult = null;
    ctx.sdk.duringStart = (sdk) => {
      sdk.emit('camera-error', {
        type: 'camera-error',
        error: {
          errorMsg: { errorMsg: 'NotAllowedError: Permission denied', audioOk: false },
          error: { type: 'permissions' },
        },
      });
    };
    let outcome: unknown;
    await act(async () => {
      outcome = await ctx.hook.result.current.start(async () => REQUEST);
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'failed', error: { kind: 'microphone-denied' } });
    expect(ctx.hook.result.current.error?.message).toMatch(/Microphone access was refused/);
  });

  it('does not start the SDK when prepare says no (the server gate refused)', async () => {
    const ctx = setup();
    let outcome: unknown;
    await act(async () => {
      outcome = await ctx.hook.result.current.start(async () => null);
    });
    expect(outcome).toEqual({ ok: false, reason: 'aborted' });
    expect(ctx.hook.result.current.status).toBe('idle');
    expect(ctx.sdk.start).not.toHaveBeenCalled();
    expect(ctx.onEnded).not.toHaveBeenCalled();
  });

  it('shows live captions from transcript messages and builds the transcript from final lines', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => {
      ctx.sdk.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Hi there!',
      });
      ctx.sdk.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'partial',
        transcript: 'What do',
      });
      ctx.sdk.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'partial',
        transcript: 'What do you',
      });
      ctx.sdk.emit('message', { type: 'status-update', status: 'in-progress' });
    });
    expect(
      ctx.hook.result.current.captions.map(({ role, text, isFinal }) => ({ role, text, isFinal })),
    ).toEqual([
      { role: 'assistant', text: 'Hi there!', isFinal: true },
      { role: 'user', text: 'What do you', isFinal: false },
    ]);
    act(() => {
      ctx.sdk.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: 'What do you build?',
      });
      ctx.sdk.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'AI systems.',
      });
    });
    expect(ctx.hook.result.current.captions).toHaveLength(3);
    act(() => ctx.hook.result.current.end());
    expect(ctx.onEnded.mock.calls[0]?.[0].transcript).toBe(
      'Assistant: Hi there!\nUser: What do you build?\nAssistant: AI systems.',
    );
  });

  it('tracks the speaking indicator and volume level', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => {
      ctx.sdk.emit('speech-start');
      ctx.sdk.emit('volume-level', 0.42);
    });
    expect(ctx.hook.result.current.isAssistantSpeaking).toBe(true);
    expect(ctx.hook.result.current.volumeLevel).toBe(0.42);
    act(() => {
      ctx.sdk.emit('volume-level', 7);
    });
    expect(ctx.hook.result.current.volumeLevel).toBe(1);
    act(() => {
      ctx.sdk.emit('speech-end');
    });
    expect(ctx.hook.result.current.isAssistantSpeaking).toBe(false);
    expect(ctx.hook.result.current.volumeLevel).toBe(0);
  });

  it('mutes and unmutes the microphone through the SDK', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => ctx.hook.result.current.toggleMute());
    expect(ctx.sdk.setMuted).toHaveBeenLastCalledWith(true);
    expect(ctx.hook.result.current.isMuted).toBe(true);
    act(() => ctx.hook.result.current.toggleMute());
    expect(ctx.sdk.setMuted).toHaveBeenLastCalledWith(false);
    expect(ctx.hook.result.current.isMuted).toBe(false);
  });

  it('shows errors during a call but ignores optional audio features failing', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => {
      ctx.sdk.emit('error', { type: 'audio-processing-error', error: { message: 'KrispInitError' } });
    });
    expect(ctx.hook.result.current.error).toBeNull();
    act(() => {
      ctx.sdk.emit('error', { type: 'daily-error', error: { message: 'connection lost' } });
    });
    expect(ctx.hook.result.current.error?.kind).toBe('connection');
    expect(ctx.hook.result.current.status).toBe('active');
  });

  it('ends the call at the maximum duration the server allowed', async () => {
    const ctx = setup();
    await startActiveCall(ctx, { sessionId: 'session-1', maxDurationSeconds: 5 });
    act(() => vi.advanceTimersByTime(5000));
    expect(ctx.hook.result.current.status).toBe('ended');
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 5, reason: 'max-duration' }),
    );
  });

  it('ends a running call, closes the session and releases the microphone when the page is left', async () => {
    const ctx = setup();
    await startActiveCall(ctx);
    act(() => vi.advanceTimersByTime(2000));
    ctx.hook.unmount();
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 2, reason: 'unmount' }),
    );
    await vi.runOnlyPendingTimersAsync();
    expect(ctx.sdk.stop).toHaveBeenCalled();
  });

  it('ends a running call when the tab is closed or reloaded (pagehide), where no cleanup runs', async () => {
    const ctx = setup();
    act(() => window.dispatchEvent(new Event('pagehide'))); // no call: nothing to end
    expect(ctx.onEnded).not.toHaveBeenCalled();
    await startActiveCall(ctx);
    act(() => vi.advanceTimersByTime(3000));
    act(() => window.dispatchEvent(new Event('pagehide')));
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 3, reason: 'page-hide', callId: 'call_123' }),
    );
    expect(ctx.sdk.stop).toHaveBeenCalled();
    ctx.hook.unmount();
    expect(ctx.onEnded).toHaveBeenCalledTimes(1);
  });

  it('reports a provider that fails to load and tries again on the next click', async () => {
    const sdk = new FakeVapi();
    const loadClient = vi
      .fn()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(createVapiVoiceClient(sdk));
    const prepare = vi.fn(async () => REQUEST);
    const { result } = renderHook(() => useVoiceCall({ loadClient }));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.start(prepare);
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'failed' });
    expect(prepare).not.toHaveBeenCalled(); // no session opened for a call that cannot happen
    await act(async () => {
      outcome = await result.current.start(prepare);
    });
    expect(outcome).toEqual({ ok: true });
    expect(loadClient).toHaveBeenCalledTimes(2);
  });
});

describe('useVoiceCall with the browser voice client: the microphone comes before the session', () => {
  function setupBrowser(microphoneError?: Error) {
    const microphone = createMicrophone(microphoneError);
    const loadClient = vi.fn(async () =>
      createBrowserVoiceClient({
        sendTurn: async () => 'An answer.',
        firstMessage: 'Hello, I am the clone.',
        recognition: FakeRecognition as unknown as SpeechRecognitionConstructor,
        synthesis: null,
        mediaDevices: microphone,
      }),
    );
    const onEnded = vi.fn<(summary: CallSummary) => void>();
    // The session opens in prepare(); record whether the microphone was granted by then.
    const prepare = vi.fn(async () => (microphone.isInUse() ? REQUEST : null));
    const hook = renderHook(() => useVoiceCall({ loadClient, onEnded }));
    const start = async (prepareCall: () => Promise<typeof REQUEST | null> = prepare) => {
      let outcome: unknown;
      await act(async () => {
        outcome = await hook.result.current.start(prepareCall);
      });
      return outcome;
    };
    return { microphone, onEnded, prepare, hook, start };
  }

  beforeEach(() => {
    FakeRecognition.instances = [];
  });

  it('opens no session when the microphone is refused, and says why', async () => {
    const ctx = setupBrowser(new DOMException('Permission denied', 'NotAllowedError'));
    const outcome = await ctx.start();
    expect(outcome).toMatchObject({ ok: false, reason: 'failed', error: { kind: 'microphone-denied' } });
    expect(ctx.prepare).not.toHaveBeenCalled(); // no POST /api/voice-sessions, so no minute billed
    expect(ctx.onEnded).not.toHaveBeenCalled();
    expect(ctx.hook.result.current.status).toBe('idle');
    expect(ctx.hook.result.current.error?.message).toMatch(/Microphone access was refused/);
  });

  it('opens no session when there is no microphone', async () => {
    const ctx = setupBrowser(new DOMException('Requested device not found', 'NotFoundError'));
    await ctx.start();
    expect(ctx.prepare).not.toHaveBeenCalled();
    expect(ctx.hook.result.current.error?.message).toMatch(/No microphone was found/);
  });

  it('asks for the microphone first, holds it for the call and releases it after the call', async () => {
    const ctx = setupBrowser();
    const outcome = await ctx.start();
    expect(outcome).toEqual({ ok: true });
    expect(ctx.prepare).toHaveBeenCalledTimes(1); // and the microphone was already granted then
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledTimes(1);
    expect(ctx.hook.result.current.status).toBe('active');
    expect(ctx.microphone.isInUse()).toBe(true);

    act(() => vi.advanceTimersByTime(3000));
    act(() => ctx.hook.result.current.end());
    expect(ctx.onEnded).toHaveBeenCalledWith(expect.objectContaining({ durationSeconds: 3, reason: 'user' }));
    expect(ctx.microphone.isInUse()).toBe(false);

    // Every call asks again and lets go again.
    await ctx.start();
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledTimes(2);
    act(() => ctx.hook.result.current.end());
    expect(ctx.microphone.isInUse()).toBe(false);
  });

  it('releases the microphone when the server refuses the session', async () => {
    const ctx = setupBrowser();
    const outcome = await ctx.start(async () => null);
    expect(outcome).toEqual({ ok: false, reason: 'aborted' });
    expect(ctx.microphone.getUserMedia).toHaveBeenCalledTimes(1);
    expect(ctx.microphone.isInUse()).toBe(false);
    expect(ctx.hook.result.current.status).toBe('idle');
  });

  it('releases the microphone when the page is left while the session opens', async () => {
    const ctx = setupBrowser();
    let opened!: (request: typeof REQUEST) => void;
    let starting!: Promise<unknown>;
    await act(async () => {
      starting = ctx.hook.result.current.start(
        () => new Promise<typeof REQUEST>((resolve) => (opened = resolve)),
      );
      await vi.waitFor(() => expect(ctx.microphone.isInUse()).toBe(true));
    });
    ctx.hook.unmount();
    await act(async () => {
      opened(REQUEST);
      await starting;
    });
    expect(ctx.microphone.isInUse()).toBe(false);
    expect(ctx.onEnded).toHaveBeenCalledWith(
      expect.objectContaining({ durationSeconds: 0, reason: 'failed' }),
    );
    // Only the speech service's probe ran: no call was started.
    expect(FakeRecognition.instances.map((recognition) => recognition.start.mock.calls.length)).toEqual([1]);
  });

  it('releases the microphone when a running call ends by itself', async () => {
    const ctx = setupBrowser();
    await ctx.start();
    act(() => FakeRecognition.instances[0]!.onerror?.({ error: 'not-allowed' }));
    expect(ctx.hook.result.current.status).toBe('ended');
    expect(ctx.microphone.isInUse()).toBe(false);
  });
});
