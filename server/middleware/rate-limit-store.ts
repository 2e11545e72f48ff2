import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Database } from '../db/client';
import { logBackgroundFailure } from '../lib/database-errors';
import { decrementHits, deleteHits, getHits, incrementHits, type HitCount } from '../storage/rate-limit-hits';

/**
 * express-rate-limit's counts kept in the database, so every instance of the site behind one
 * database enforces one shared limit (the default memory store gives each instance its own).
 * Keys carry the limit's name, so limits never count each other's requests.
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;

  constructor(
    private readonly db: Database,
    name: string,
    // The real clock, not the app's: express-rate-limit compares the reset times with Date.now().
    private readonly now: () => Date = () => new Date(),
  ) {
    this.prefix = `${name}:`;
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await getHits(this.db, this.prefix + key, this.now());
    return count && toInfo(count);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return toInfo(
      await incrementHits(this.db, this.prefix + key, { now: this.now(), windowMs: this.windowMs }),
    );
  }

  /**
   * Gives back a hit that should not count (a failed request, with skipFailedRequests). Never
   * throws: express-rate-limit would print the failed query, the visitor's address among its
   * parameters, to the console; a lost refund only costs one hit of the window.
   */
  async decrement(key: string): Promise<void> {
    try {
      await decrementHits(this.db, this.prefix + key, this.now());
    } catch (error) {
      logBackgroundFailure('rate limit refund failed', error);
    }
  }

  async resetKey(key: string): Promise<void> {
    await deleteHits(this.db, this.prefix + key);
  }
}

const toInfo = ({ hits, resetAt }: HitCount): ClientRateLimitInfo => ({
  totalHits: hits,
  resetTime: resetAt,
});
