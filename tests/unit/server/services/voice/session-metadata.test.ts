import { describe, expect, it } from 'vitest';
import {
  keepRecentTurns,
  MAX_KEPT_TURNS,
  readSessionMetadata,
} from '../../../../../server/services/voice/session-metadata';
import { billedMinutesFor } from '../../../../../server/services/voice/session-billing';

describe('session metadata', () => {
  it('reads what it can and defaults the rest', () => {
    expect(readSessionMetadata({ metadata: null })).toEqual({ provider: 'browser' });
    expect(readSessionMetadata({ metadata: { provider: 'vapi', turns: 'nonsense' } })).toEqual({
      provider: 'vapi',
    });
  });

  it('keeps the newest turns, starting with a visitor turn', () => {
    const turns = Array.from({ length: 20 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: `t${i}`,
    }));
    const kept = keepRecentTurns(turns);
    expect(kept.length).toBeLessThanOrEqual(MAX_KEPT_TURNS);
    expect(kept[0]?.role).toBe('user');
    expect(kept.at(-1)?.content).toBe('t19');
  });

  it('bills whole minutes, rounded up', () => {
    expect([0, 1, 59, 60, 61, 600, 601].map(billedMinutesFor)).toEqual([0, 1, 1, 1, 2, 10, 11]);
  });
});
