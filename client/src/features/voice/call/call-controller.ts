import { listenToCall } from './call-events';
import { CallConnection } from './call-connection';
import { CallTimer, systemClock, type Clock } from './call-timer';
import type { CallStatus, CallSummary, StartOutcome } from './call-types';
import { addCaption, formatTranscript, type Caption } from './captions';
import { toVoiceCallError, VoiceCallError, type CallRequest, type VoiceClient } from './voice-client';

// One call at a time through one provider client, without React: the page reads it through
// `subscribe` / `getSnapshot` (useSyncExternalStore). Calls start from a click handler, never from
// an effect (StrictMode runs effects twice and Daily refuses a second call object).

export interface CallSnapshot {
  readonly status: CallStatus;
  readonly elapsedSeconds: number;
  readonly isMuted: boolean;
  readonly isAssistantSpeaking: boolean;
  readonly volumeLevel: number;
  readonly captions: readonly Caption[];
  readonly error: VoiceCallError | null;
}

export interface CallControllerOptions {
  /** Creates the provider client; called once, on the first start (again after a failed load). */
  loadClient: () => Promise<VoiceClient>;
  /** Runs once per call that got past `prepare`, however it ended. */
  onEnded?: (summary: CallSummary) => void;
  clock?: Clock;
}

const INITIAL: CallSnapshot = Object.freeze({
  status: 'idle',
  elapsedSeconds: 0,
  isMuted: false,
  isAssistantSpeaking: false,
  volumeLevel: 0,
  captions: Object.freeze([]),
  error: null,
});

export class CallController {
  private snapshot: CallSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private readonly timer: CallTimer;
  private readonly connection: CallConnection;
  private options: CallControllerOptions;
  /** Whether a page shows this call; a call is not started for a page that has gone. */
  private isAttached = true;
  private captionId = 0;
  private callId: string | undefined;
  private startError: unknown = null;
  /** provider.start() has not answered yet. */
  private isStartPending = false;
  /** `prepare` opened a session that onEnded must close. */
  private hasSession = false;

  constructor(options: CallControllerOptions) {
    this.options = options;
    const clock = options.clock ?? systemClock;
    this.timer = new CallTimer(clock, (elapsedSeconds) => this.update({ elapsedSeconds }));
    this.connection = new CallConnection(
      () => this.options.loadClient(),
      () => clock.now(),
    );
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CallSnapshot => this.snapshot;

  /** The latest callbacks of the page (they may close over newer state). */
  setOptions(options: Omit<CallControllerOptions, 'clock'>): void {
    this.options = { ...this.options, ...options };
  }

  /** A page shows the call again (StrictMode detaches and attaches once more). */
  attach(): void {
    this.isAttached = true;
  }

  /** The page was left: a running call ends (its session is closed) and the listeners go. */
  detach(): void {
    this.isAttached = false;
    this.finish('unmount');
    this.timer.clear();
    this.connection.release();
  }

  /**
   * Starts a call. `prepare` runs once the provider is loaded and has the microphone, and before
   * it starts (it opens our voice session, whose minutes are billed); returning null aborts
   * quietly, e.g. when the server said no.
   */
  start = async (prepare: () => Promise<CallRequest | null>): Promise<StartOutcome> => {
    if (this.isRunning()) return { ok: false, reason: 'busy' };
    this.update({ status: 'connecting', error: null, isMuted: false, captions: INITIAL.captions });
    this.timer.reset();
    this.callId = undefined;
    this.startError = null;

    let client: VoiceClient;
    try {
      client = await this.connection.getClient((loaded) => this.listenTo(loaded));
      // The microphone before the session: a refused or missing one opens no session, so it
      // costs no minute.
      await client.acquireMicrophone?.();
    } catch (cause) {
      return this.fail(cause);
    }
    // Nothing started: stop() just lets go of the microphone this attempt acquired.
    const releaseMicrophone = () => {
      if (client.acquireMicrophone) this.connection.stop(client);
    };
    if (!this.isAttached) {
      releaseMicrophone(); // the page was left while the browser asked for the microphone
      return { ok: false, reason: 'aborted' };
    }
    let request: CallRequest | null;
    try {
      request = await prepare();
    } catch {
      request = null;
    }
    if (!request) {
      this.update({ status: 'idle' });
      releaseMicrophone();
      return { ok: false, reason: 'aborted' };
    }
    if (!this.isAttached) {
      // The page was left while the session opened: close it without a call.
      releaseMicrophone();
      this.options.onEnded?.({ durationSeconds: 0, transcript: '', reason: 'failed' });
      return { ok: false, reason: 'aborted' };
    }
    this.hasSession = true;
    this.timer.limit(request.maxDurationSeconds);
    await this.connection.waitForStop();
    this.isStartPending = true;
    let call: { callId?: string } | null;
    try {
      call = await client.start(request);
    } catch (cause) {
      return this.fail(cause);
    } finally {
      this.isStartPending = false;
    }
    if (!call) return this.fail(this.startError ?? new VoiceCallError('failed'));
    this.callId = call.callId;
    this.connection.isCallLive = true;
    if (!this.isRunning()) {
      this.connection.stop(); // the page was left while the provider was joining
      return { ok: false, reason: 'aborted' };
    }
    return { ok: true };
  };

  end = (): void => this.finish('user');

  /** The server no longer counts this call: it ends here too. */
  expire = (): void => this.finish('expired');

  /** The tab is being closed or reloaded: no page cleanup will run, so the call ends now. */
  hidePage = (): void => this.finish('page-hide');

  toggleMute = (): void => {
    const client = this.connection.client;
    if (!client || this.snapshot.status !== 'active') return;
    const isMuted = !this.snapshot.isMuted;
    client.setMuted(isMuted);
    this.update({ isMuted });
  };

  private isRunning(): boolean {
    return this.snapshot.status === 'connecting' || this.snapshot.status === 'active';
  }

  private update(patch: Partial<CallSnapshot>): void {
    const next = { ...this.snapshot, ...patch };
    const keys = Object.keys(patch) as (keyof CallSnapshot)[];
    if (keys.every((key) => next[key] === this.snapshot[key])) return;
    this.snapshot = Object.freeze(next);
    for (const listener of [...this.listeners]) listener();
  }

  private fail(cause: unknown): StartOutcome {
    const error = toVoiceCallError(cause);
    if (this.isAttached) this.update({ error });
    if (this.hasSession) {
      this.finish('failed');
    } else {
      this.update({ status: 'idle' });
      this.connection.stop();
    }
    return { ok: false, reason: 'failed', error };
  }

  private finish(reason: CallSummary['reason']): void {
    if (!this.isRunning()) return;
    const durationSeconds = this.timer.stop(reason !== 'failed');
    this.update({
      status: reason === 'failed' ? 'idle' : 'ended',
      isAssistantSpeaking: false,
      volumeLevel: 0,
      isMuted: false,
    });
    this.connection.stop();
    if (!this.hasSession) return;
    this.hasSession = false;
    this.options.onEnded?.({
      durationSeconds,
      transcript: formatTranscript(this.snapshot.captions),
      callId: this.callId,
      reason,
    });
  }

  private listenTo(client: VoiceClient): () => void {
    return listenToCall(client, {
      read: () => ({
        status: this.snapshot.status,
        isStartPending: this.isStartPending,
        isProviderCallLive: this.connection.isCallLive,
      }),
      takeStopEcho: () => this.connection.takeStopEcho(),
      onCallStart: () => {
        if (this.snapshot.status !== 'connecting') return;
        this.timer.start(() => this.finish('max-duration'));
        this.update({ status: 'active' });
      },
      onRemoteEnd: () => {
        // The provider ended the call itself: stopping it owes no further call-end.
        this.connection.isCallLive = false;
        this.finish('remote');
      },
      onSpeaking: (isAssistantSpeaking) => this.update({ isAssistantSpeaking }),
      onVolume: (volumeLevel) => this.update({ volumeLevel }),
      onTranscript: (message) => {
        this.captionId += 1;
        this.update({ captions: addCaption(this.snapshot.captions, message, this.captionId) });
      },
      onStartError: (cause, isMicrophoneError) => {
        if (isMicrophoneError) this.startError = cause;
        else this.startError ??= cause;
      },
      onCallError: (error) => this.update({ error }),
    });
  }
}
