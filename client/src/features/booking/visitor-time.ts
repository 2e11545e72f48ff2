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

/**
 * Where time options leave out "your time" to fit (formatSlotLabel's compact form): phones, where
 * "10 AM ET · Fri 12 AM your time ☾" is wider than the select.
 */
export const COMPACT_SLOTS_QUERY = '(max-width: 479px)';
