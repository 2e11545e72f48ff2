import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './e2e';

export interface BuiltServer {
  /** The running server's base URL, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  /** Stops the server and starts it again on the same data folder and variables. */
  restart(): Promise<void>;
}

/**
 * The built app for a file's browser tests: started before its tests (on a fresh embedded
 * database, with `env`, which may be read late when it holds what an earlier hook made, such as
 * a fake's URL) and stopped after them, data folder removed.
 */
export function useBuiltServer(
  env: Record<string, string> | (() => Record<string, string>) = {},
): BuiltServer {
  let running: RunningServer | undefined;
  const readEnv = () => (typeof env === 'function' ? env() : env);
  beforeAll(async () => {
    running = await startServer(readEnv());
  });
  afterAll(async () => {
    await running?.stop();
  });
  const current = () => {
    if (!running) throw new Error('the built server has not started');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    async restart() {
      const { dataDir } = current();
      await current().terminate();
      running = await startServer(readEnv(), { dataDir });
    },
  };
}
