import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Lifecycle } from './lib/lifecycle';
import type { OwnerContent } from './services/content/load-content';

/** Everything createApp needs; tests build the same object around a test database. */
export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  content: OwnerContent;
  lifecycle: Lifecycle;
  /** The clock, replaceable in tests. */
  now: () => Date;
}
