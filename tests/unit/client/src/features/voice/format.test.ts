import { describe, expect, it } from 'vitest';
import { formatDuration, formatTimer } from '@/features/voice/format';

describe('formatTimer (the in-call mm:ss timer)', () => {
  it.each([
    [0, '00:00'],
    [7, '00:07'],
    [59, '00:59'],
    [60, '01:00'],
    [754, '12:34'],
    [3600, '60:00'],
    [4502, '75:02'],
  ])('shows %i seconds as %s', (seconds, text) => {
    expect(formatTimer(seconds)).toBe(text);
  });

  it('drops fractions and never goes below zero', () => {
    expect(formatTimer(61.9)).toBe('01:01');
    expect(formatTimer(-5)).toBe('00:00');
  });
});

describe('formatDuration (the m:ss of "Call Ended" and the session list)', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [65, '1:05'],
    [754, '12:34'],
    [3600, '60:00'],
  ])('shows %i seconds as %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('drops fractions and never goes below zero', () => {
    expect(formatDuration(9.99)).toBe('0:09');
    expect(formatDuration(-1)).toBe('0:00');
  });
});
