// The clock of one call: seconds since the provider's call-start, ticking once a second, and the
// end of the call at the maximum the server allowed.

const TICK_MS = 1000;

/** The time source of a call; tests pass a fake one. */
export interface Clock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class CallTimer {
  private handle: unknown;
  private startedAt: number | null = null;
  private maxSeconds = Number.POSITIVE_INFINITY;

  constructor(
    private readonly clock: Clock,
    /** Called with the seconds to show whenever they change. */
    private readonly onElapsed: (seconds: number) => void,
  ) {}

  /** The longest the next call may last; 0 or less: no limit. */
  limit(maxDurationSeconds: number): void {
    this.maxSeconds = maxDurationSeconds > 0 ? maxDurationSeconds : Number.POSITIVE_INFINITY;
  }

  /** Shows 0 again, e.g. while the next call connects. */
  reset(): void {
    this.onElapsed(0);
  }

  /** Starts counting from now; `onLimit` runs once the call reaches its maximum. */
  start(onLimit: () => void): void {
    this.startedAt = this.clock.now();
    this.onElapsed(0);
    this.clear();
    this.handle = this.clock.setInterval(() => {
      if (this.startedAt === null) return;
      const elapsed = this.secondsSince(this.startedAt);
      this.onElapsed(elapsed);
      // The provider enforces the maximum too; this covers providers that don't (browser voice).
      if (elapsed >= this.maxSeconds) onLimit();
    }, TICK_MS);
  }

  /**
   * Stops counting and shows the call's duration, which it returns: 0 when the call never started
   * or `isCounted` is false (a call that failed to start lasted no time).
   */
  stop(isCounted: boolean): number {
    this.clear();
    const { startedAt } = this;
    const durationSeconds = !isCounted || startedAt === null ? 0 : this.secondsSince(startedAt);
    this.startedAt = null;
    this.onElapsed(durationSeconds);
    return durationSeconds;
  }

  /** Stops the clock without a duration (the page was left). */
  clear(): void {
    if (this.handle !== undefined) this.clock.clearInterval(this.handle);
    this.handle = undefined;
  }

  private secondsSince(startedAt: number): number {
    return Math.max(0, Math.floor((this.clock.now() - startedAt) / 1000));
  }
}
