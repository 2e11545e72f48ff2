import type { VoiceClient } from './voice-client';

// The provider client behind a call: loaded on the first start and kept for the next calls with
// the listeners attached to it, and stopped so that the next start can wait for it.

/** How long after a stop the provider's call-end still counts as its echo (Vapi sends it late). */
const STOP_ECHO_MS = 5_000;

export class CallConnection {
  private loading: Promise<VoiceClient> | null = null;
  private loaded: VoiceClient | null = null;
  private detach: (() => void) | null = null;
  private stopping: Promise<void> = Promise.resolve();
  /** provider.start() answered with a call that has not ended yet. */
  isCallLive = false;
  /** A stopped live call owes one call-end until then. */
  private stopEchoUntil = 0;

  constructor(
    private readonly loadClient: () => Promise<VoiceClient>,
    private readonly now: () => number,
  ) {}

  /** The client, loaded once; `attach` listens to it and returns the function that stops that. */
  getClient(attach: (client: VoiceClient) => () => void): Promise<VoiceClient> {
    if (!this.loading) {
      const loading = this.loadClient().then((client) => {
        this.loaded = client;
        this.detach = attach(client);
        return client;
      });
      this.loading = loading;
      // A failed load may work next time (e.g. a chunk that did not download).
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
    }
    return this.loading;
  }

  get client(): VoiceClient | null {
    return this.loaded;
  }

  /**
   * Leaves the provider's room and releases the microphone; safe when idle. The next start waits
   * for it; the call-end it causes, however late, is taken as its echo.
   */
  stop(client: VoiceClient | null = this.loaded): void {
    if (this.isCallLive) this.stopEchoUntil = this.now() + STOP_ECHO_MS;
    this.isCallLive = false;
    if (!client) return;
    let stopping: Promise<void>;
    try {
      stopping = Promise.resolve(client.stop());
    } catch {
      stopping = Promise.resolve();
    }
    this.stopping = stopping.catch(() => undefined);
  }

  /** Settles once the last stop has. */
  waitForStop(): Promise<void> {
    return this.stopping;
  }

  /** Whether this call-end answers our own stop (then it is used up). */
  takeStopEcho(): boolean {
    const isEcho = this.now() < this.stopEchoUntil;
    this.stopEchoUntil = 0;
    return isEcho;
  }

  /** Drops the listeners and forgets the client (the page was left). */
  release(): void {
    this.detach?.();
    this.detach = null;
    this.loading = null;
    this.loaded = null;
  }
}
