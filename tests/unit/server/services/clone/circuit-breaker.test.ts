import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../../../../server/services/clone/circuit-breaker';

describe('CircuitBreaker', () => {
  const setup = () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 3, coolDownMs: 1_000, now: () => new Date(now) });
    return { breaker, advance: (ms: number) => (now += ms) };
  };
  const fail = (breaker: CircuitBreaker, times: number) => {
    for (let i = 0; i < times; i++) {
      expect(breaker.tryAcquire()).toBe(true);
      breaker.recordFailure();
    }
  };

  it('opens after the threshold of consecutive failures, a success resetting the count', () => {
    const { breaker } = setup();
    fail(breaker, 2);
    breaker.recordSuccess();
    fail(breaker, 2);
    expect(breaker.isOpen()).toBe(false);
    fail(breaker, 1);
    expect(breaker.isOpen()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
  });

  it('half-opens after the cool-down for exactly one trial', () => {
    const { breaker, advance } = setup();
    fail(breaker, 3);
    advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    advance(1);
    expect(breaker.isOpen()).toBe(false);
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('reopens for a whole cool-down when the trial fails', () => {
    const { breaker, advance } = setup();
    fail(breaker, 3);
    advance(1_000);
    fail(breaker, 1);
    advance(999);
    expect(breaker.tryAcquire()).toBe(false);
    advance(1);
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('gives the trial back when it ends neither way (the visitor left)', () => {
    const { breaker, advance } = setup();
    fail(breaker, 3);
    advance(1_000);
    expect(breaker.tryAcquire()).toBe(true);
    breaker.release();
    expect(breaker.tryAcquire()).toBe(true);
  });
});
