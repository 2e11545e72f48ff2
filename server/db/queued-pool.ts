import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

// node-postgres hands a free connection to whoever asked first, with one deadline for everyone.
// In a burst of chats that is the wrong order: the statement storing a reply its visitor has
// already read waits behind every chat started since, and at the deadline it fails (the reply
// is lost after it was shown), while a chat not yet started could have been refused cleanly.
// So waiters stand in two lines: work that finishes what a visitor has already seen
// (runFirstInLine) is served before anything else and may wait longer; the rest waits its turn
// up to its deadline and then fails as node-postgres's own timeout does (a 503, Retry-After).

const firstInLine = new AsyncLocalStorage<true>();

/** Runs `work` so that its statements get a connection before any others waiting for one. */
export function runFirstInLine<T>(work: () => T): T {
  return firstInLine.run(true, work);
}

export interface QueuedPoolConfig extends pg.PoolConfig {
  max: number;
  /** How long a statement waits for a free connection before it fails. */
  waitMs: number;
  /** The same for work run first in line. */
  firstInLineWaitMs: number;
}

interface Waiter {
  grant(): void;
  refuse(error: Error): void;
}

/** node-postgres's own words, which the error handler answers with a 503. */
const WAIT_EXCEEDED = 'timeout exceeded when trying to connect';
const POOL_ENDED = 'Cannot use a pool after calling end on the pool';

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

/**
 * A node-postgres pool that hands out at most `max` connections itself, in the order above.
 * Its `connectionTimeoutMillis` is left to bound opening a new connection to the server.
 */
export class QueuedPool extends pg.Pool {
  private readonly lines: { first: Waiter[]; rest: Waiter[] } = { first: [], rest: [] };
  private checkedOut = 0;
  private readonly limits: Pick<QueuedPoolConfig, 'max' | 'waitMs' | 'firstInLineWaitMs'>;

  constructor({ waitMs, firstInLineWaitMs, ...config }: QueuedPoolConfig) {
    super(config);
    this.limits = { max: config.max, waitMs, firstInLineWaitMs };
  }

  /** Statements waiting for a connection, in either line. */
  get queuedCount(): number {
    return this.lines.first.length + this.lines.rest.length;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Read now: pg's query() calls connect() in its caller's context, which may be lost later.
    const client = this.takeTurn(firstInLine.getStore() === true).then(() => this.checkOut());
    if (!callback) return client;
    client.then(
      (checked) => callback(undefined, checked, checked.release),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | void {
    for (const waiter of this.lines.first.splice(0).concat(this.lines.rest.splice(0)))
      waiter.refuse(new Error(POOL_ENDED));
    return callback ? super.end(callback) : super.end();
  }

  private takeTurn(isFirstInLine: boolean): Promise<void> {
    if (this.checkedOut < this.limits.max) {
      this.checkedOut += 1;
      return Promise.resolve();
    }
    const line = isFirstInLine ? this.lines.first : this.lines.rest;
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(
        () => {
          line.splice(line.indexOf(waiter), 1);
          reject(new Error(WAIT_EXCEEDED));
        },
        isFirstInLine ? this.limits.firstInLineWaitMs : this.limits.waitMs,
      );
      // Like node-postgres's own timer: a waiting statement does not keep the process alive.
      timer.unref();
      line.push(waiter);
    });
  }

  /** A turn ends: the next waiter takes it over (first line first), or it is free again. */
  private passTurn() {
    const next = this.lines.first.shift() ?? this.lines.rest.shift();
    if (next) next.grant();
    else this.checkedOut -= 1;
  }

  private async checkOut(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await super.connect();
    } catch (error) {
      this.passTurn();
      throw error;
    }
    // node-postgres sets a fresh release on every checkout; the turn ends with the first call
    // (a second one still throws there, as it should).
    const release = client.release;
    let isTurnPassed = false;
    client.release = (error?: Error | boolean) => {
      release(error);
      if (isTurnPassed) return;
      isTurnPassed = true;
      this.passTurn();
    };
    return client;
  }
}
