import { logger } from '../../lib/logger';

/** Consecutive upstream failures that open the breaker. */
export const BREAKER_FAILURE_THRESHOLD = 5;
/** How long an open breaker refuses calls before it lets one trial through. */
export const BREAKER_COOL_DOWN_MS = 30_000;

export interface CircuitBreakerOptions {
  failureThreshold?: number;
  coolDownMs?: number;
  now: () => Date;
}

type State = { name: 'closed'; failures: number } | { name: 'open'; until: number } | { name: 'half-open' };

/**
 * Stops calling a model that keeps failing: after `failureThreshold` failures in a row it opens
 * and refuses every call (no upstream request) for `coolDownMs`; then one trial call goes through
 * (half-open) while others are still refused; the trial's success closes it, its failure opens it
 * again. Per instance: each instance learns on its own that the model is down.
 */
export class CircuitBreaker {
  private state: State = { name: 'closed', failures: 0 };
  private readonly failureThreshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => Date;

  constructor({
    failureThreshold = BREAKER_FAILURE_THRESHOLD,
    coolDownMs = BREAKER_COOL_DOWN_MS,
    now,
  }: CircuitBreakerOptions) {
    this.failureThreshold = failureThreshold;
    this.coolDownMs = coolDownMs;
    this.now = now;
  }

  /** True when a call now would be refused (checked before any work, without taking the trial). */
  isOpen(): boolean {
    if (this.state.name === 'closed') return false;
    if (this.state.name === 'half-open') return true;
    return this.now().getTime() < this.state.until;
  }

  /** Asks to make a call: false when refused; true may mean this call is the half-open trial. */
  tryAcquire(): boolean {
    if (this.state.name === 'closed') return true;
    if (this.isOpen()) return false;
    this.state = { name: 'half-open' };
    return true;
  }

  recordSuccess() {
    this.state = { name: 'closed', failures: 0 };
  }

  recordFailure() {
    const failures = this.state.name === 'closed' ? this.state.failures + 1 : this.failureThreshold;
    if (failures < this.failureThreshold) {
      this.state = { name: 'closed', failures };
      return;
    }
    if (this.state.name !== 'open') {
      logger.warn('chat model circuit opened: calls fail fast', { failures, coolDownMs: this.coolDownMs });
    }
    this.state = { name: 'open', until: this.now().getTime() + this.coolDownMs };
  }

  /** A call that ended neither way (the visitor left first): a trial slot is given back. */
  release() {
    if (this.state.name === 'half-open') this.state = { name: 'open', until: this.now().getTime() };
  }
}

const refusedRequests = new WeakSet<object>();

/**
 * Marks a failure that says nothing of the model's health: it answered, refusing this one request
 * (a 4xx other than 408 and 429). The breaker neither counts it nor takes it for a success.
 */
export function markRequestRefused<E extends object>(error: E): E {
  refusedRequests.add(error);
  return error;
}

/**
 * True for the failures that say the model is unhealthy: timeouts, 5xx, 429, and a connection
 * failure that persisted after its retry on a fresh connection (a single stale pooled connection
 * is retried and never reaches the breaker).
 */
export function isModelUnhealthy(error: unknown): boolean {
  return !(typeof error === 'object' && error !== null && refusedRequests.has(error));
}
