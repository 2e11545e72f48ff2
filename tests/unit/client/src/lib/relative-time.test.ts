import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '@/lib/relative-time';

const NOW = new Date('2026-03-09T15:00:00Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('formatRelativeTime', () => {
  it.each([
    ['missing (undefined)', undefined, 'Now'],
    ['missing (null)', null, 'Now'],
    ['missing (empty)', '', 'Now'],
    ['unreadable', 'not a date', 'Now'],
    ['this instant', before(0), 'Just now'],
    ['59 seconds ago', before(59 * SECOND), 'Just now'],
    ['a few seconds in the future (clock skew)', before(-5 * SECOND), 'Just now'],
    ['exactly 1 minute ago', before(MINUTE), '1 minute ago'],
    ['1 minute 59 seconds ago', before(2 * MINUTE - SECOND), '1 minute ago'],
    ['2 minutes ago', before(2 * MINUTE), '2 minutes ago'],
    ['59 minutes 59 seconds ago', before(HOUR - SECOND), '59 minutes ago'],
    ['exactly 1 hour ago', before(HOUR), '1 hour ago'],
    ['2 hours ago', before(2 * HOUR + 5 * MINUTE), '2 hours ago'],
    ['23 hours 59 minutes ago', before(24 * HOUR - MINUTE), '23 hours ago'],
  ])('%s -> %s', (_case, timestamp, expected) => {
    expect(formatRelativeTime(timestamp, NOW)).toBe(expected);
  });

  it('shows the locale date from 24 hours on', () => {
    const dayAgo = before(24 * HOUR);
    expect(formatRelativeTime(dayAgo, NOW, 'en-US')).toBe(new Date(dayAgo).toLocaleDateString('en-US'));
    expect(formatRelativeTime('2026-01-15T12:00:00Z', NOW, 'en-US')).toBe('1/15/2026');
    expect(formatRelativeTime('2026-01-15T12:00:00Z', NOW, 'de-DE')).toBe('15.1.2026');
  });

  it('accepts Date objects and epoch milliseconds', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() - 5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW.getTime() - 3 * HOUR, NOW)).toBe('3 hours ago');
  });

  it('uses the current time by default', () => {
    expect(formatRelativeTime(new Date().toISOString())).toBe('Just now');
  });
});
