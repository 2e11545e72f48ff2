import { useSyncExternalStore } from 'react';

/** The browser's IANA time zone; UTC when the browser will not say. */
export function getVisitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const MINUTE = 60_000;

function subscribeToClock(onChange: () => void) {
  const timer = setInterval(onChange, 15_000);
  return () => clearInterval(timer);
}

const getMinute = () => Math.floor(Date.now() / MINUTE);

/** The current time (ms) to the minute, so slots that start while the form is open drop out. */
export function useCurrentMinute(): number {
  return useSyncExternalStore(subscribeToClock, getMinute, getMinute) * MINUTE;
}
