import { useCallback, useEffect, useRef, useState } from 'react';

// The clock of one call: seconds since the provider's call-start, ticking once a second, and the
// end of the call at the maximum the server allowed.

const TICK_MS = 1000;

export function useCallTimer() {
  const [elapsedSeconds, setElapsedSeconds] = useState(0);
  const timerRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const startedAtRef = useRef<number | null>(null);
  const maxSecondsRef = useRef<number>(Number.POSITIVE_INFINITY);

  /** The longest the next call may last; 0 or less: no limit. */
  const limitTimer = useCallback((maxDurationSeconds: number) => {
    maxSecondsRef.current = maxDurationSeconds > 0 ? maxDurationSeconds : Number.POSITIVE_INFINITY;
  }, []);

  /** Shows 0 again, e.g. while the next call connects. */
  const resetTimer = useCallback(() => setElapsedSeconds(0), []);

  /** Starts counting from now; `onLimit` runs once the call reaches its maximum. */
  const startTimer = useCallback((onLimit: () => void) => {
    startedAtRef.current = Date.now();
    setElapsedSeconds(0);
    clearInterval(timerRef.current);
    timerRef.current = setInterval(() => {
      const startedAt = startedAtRef.current;
      if (startedAt === null) return;
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setElapsedSeconds(elapsed);
      // The provider enforces the maximum too; this covers providers that don't (browser voice).
      if (elapsed >= maxSecondsRef.current) onLimit();
    }, TICK_MS);
  }, []);

  /**
   * Stops counting and shows the call's duration, which it returns: 0 when the call never started
   * or `isCounted` is false (a call that failed to start lasted no time).
   */
  const stopTimer = useCallback((isCounted: boolean) => {
    clearInterval(timerRef.current);
    timerRef.current = undefined;
    const startedAt = startedAtRef.current;
    const durationSeconds =
      !isCounted || startedAt === null ? 0 : Math.max(0, Math.floor((Date.now() - startedAt) / 1000));
    startedAtRef.current = null;
    setElapsedSeconds(durationSeconds);
    return durationSeconds;
  }, []);

  // Leaving the page stops the clock, whatever state the call was in.
  useEffect(() => () => clearInterval(timerRef.current), []);

  return { elapsedSeconds, limitTimer, resetTimer, startTimer, stopTimer };
}
