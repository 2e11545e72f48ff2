import pg from 'pg';

// node-postgres hands a free connection to whoever asked first, and fails each waiter after one
// fixed wait. In a burst of chats both are wrong: the statement storing a reply its visitor has
// already read waits behind every chat started since, and a waiter fails at its deadline even
// while the queue moves (the reply is lost after it was shown). Here waiters stand in two lines:
// work that finishes what a visitor is being shown goes before anything else (statements sent
// through `firstInLine()`, the same pool under another handle);
// and a waiter fails only when the pool has handed no connection back for `stallMs` (connections
// held by statements that do not end), or after `maxWaitMs` in all, with node-postgres's own
// message, which the error handler answers with a 503 and Retry-After.

export interface QueuedPoolConfig extends pg.PoolConfig {
  max: number;
  /** A waiter fails when no connection has been handed back for this long while it waited. */
  stallMs: number;
  /** No waiter waits longer than this in all. */
  maxWaitMs: number;
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
  private lastHandBackAt = performance.now();
  private readonly limits: Pick<QueuedPoolConfig, 'max' | 'stallMs' | 'maxWaitMs'>;

  constructor({ stallMs, maxWaitMs, ...config }: QueuedPoolConfig) {
    super(config);
    this.limits = { max: config.max, stallMs, maxWaitMs };
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    return this.connectFrom(false, callback);
  }

  /**
   * This pool as a pool of its own (for a database handle of its own): the connections it asks
   * for go to the first line. Its statements and transactions are the pool's: only `connect`,
   * which pg's `query` and drizzle's transactions call, differs.
   */
  firstInLine(): pg.Pool {
    const view = Object.create(this) as pg.Pool;
    view.connect = ((callback?: ConnectCallback) => this.connectFrom(true, callback)) as pg.Pool['connect'];
    return view;
  }

  private connectFrom(isFirstInLine: boolean, callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const client = this.takeTurn(isFirstInLine).then(() => this.checkOut());
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
    const queuedAt = performance.now();
    const deadline = () =>
      Math.min(
        Math.max(this.lastHandBackAt, queuedAt) + this.limits.stallMs,
        queuedAt + this.limits.maxWaitMs,
      );
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout;
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
      // Checked again when due: connections handed back meanwhile push the deadline on.
      const watch = () => {
        const left = deadline() - performance.now();
        if (left > 0) {
          timer = setTimeout(watch, left);
          // Like node-postgres's own timer: a waiting statement does not keep the process alive.
          timer.unref();
          return;
        }
        line.splice(line.indexOf(waiter), 1);
        reject(new Error(WAIT_EXCEEDED));
      };
      line.push(waiter);
      watch();
    });
  }

  /** A turn ends: the next waiter takes it over (first line first), or it is free again. */
  private passTurn() {
    this.lastHandBackAt = performance.now();
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
