import { describe, expect, it } from 'vitest';
import { END_BEACON_TRANSCRIPT_CHARS } from '@shared/voice';
import { toBeaconBody } from '@/features/voice/api';
import type { CallSummary } from '@/features/voice/call/call-types';
import { describeCallEnd } from '@/features/voice/call-end-notice';

// What the page says when a call ends, and the bounded body of the end-of-call beacon.

const summary = (reason: CallSummary['reason'], durationSeconds = 900): CallSummary => ({
  reason,
  durationSeconds,
  transcript: '',
});
const facts = { maxDurationSeconds: 900, secondsSinceOpen: 903, maxCallMinutes: 15 };

describe('describeCallEnd', () => {
  it('names the per-call limit when the page timer or the provider ended the call at its maximum', () => {
    for (const reason of ['max-duration', 'remote'] as const)
      expect(describeCallEnd({ summary: summary(reason), ...facts })).toEqual({
        title: 'Call Ended',
        description: 'Call duration: 15:00',
        reason: 'Calls last at most 15 minutes. Start a new call to keep talking.',
      });
  });

  it("says a shorter maximum came from the plan's last minutes", () => {
    expect(
      describeCallEnd({ summary: summary('max-duration', 180), ...facts, maxDurationSeconds: 180 })?.reason,
    ).toBe('This call used the minutes left on your plan this month.');
  });

  it('gives no reason for a call the provider ended well before its maximum, or the visitor ended', () => {
    expect(describeCallEnd({ summary: summary('remote', 300), ...facts, secondsSinceOpen: 305 })).toEqual({
      title: 'Call Ended',
      description: 'Call duration: 5:00',
    });
    expect(describeCallEnd({ summary: summary('user', 61), ...facts })?.reason).toBeUndefined();
  });

  it('explains a call the server ended, and says nothing for calls that never ran or a page left', () => {
    expect(describeCallEnd({ summary: summary('expired', 95), ...facts })?.reason).toMatch(/connection/);
    for (const reason of ['failed', 'unmount', 'page-hide'] as const)
      expect(describeCallEnd({ summary: summary(reason), ...facts })).toBeNull();
  });
});

describe('toBeaconBody', () => {
  const input = { duration: 42, endedAt: '2026-05-04T15:00:42.000Z', vapiCallId: 'call_1' };
  const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;

  it('sends the PATCH body without the ignored call id', () => {
    expect(toBeaconBody({ ...input, transcript: 'user: Hi' })).toEqual({
      status: 'ended',
      duration: 42,
      endedAt: input.endedAt,
      transcript: 'user: Hi',
    });
  });

  it('cuts a long transcript to fit the JSON limit, whatever its characters', () => {
    for (const unit of ['a', 'é', '語', '😀', '\u0001']) {
      const body = toBeaconBody({ ...input, transcript: unit.repeat(100_000) });
      expect(body.transcript.length).toBeLessThanOrEqual(END_BEACON_TRANSCRIPT_CHARS);
      expect(body.transcript.length).toBeGreaterThan(0);
      expect(bytes(body)).toBeLessThanOrEqual(24_000);
    }
  });
});
