import { pluralize } from './pluralize';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A message time as the chat shows it: "Now" when missing, "Just now" under a
 * minute, "N minute(s) ago" under an hour, "N hour(s) ago" under a day, else the locale date.
 * A time slightly in the future (clock skew between browser and server) counts as "Just now".
 */
export function formatRelativeTime(
  timestamp: string | number | Date | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string {
  if (timestamp === null || timestamp === undefined || timestamp === '') return 'Now';
  const date = timestamp instanceof Date ? timestamp : new Date(timestamp);
  if (Number.isNaN(date.getTime())) return 'Now';

  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${pluralize(Math.floor(elapsed / MINUTE_MS), 'minute')} ago`;
  if (elapsed < DAY_MS) return `${pluralize(Math.floor(elapsed / HOUR_MS), 'hour')} ago`;
  return date.toLocaleDateString(locale);
}
