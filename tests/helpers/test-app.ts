import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Express } from 'express';
import type { AppContext, AppDeps } from '../../server/app-deps';
import { createApp } from '../../server/app';
import { createAppContext } from '../../server/app-context';
import type { DatabaseHandle } from '../../server/db/client';
import { parseEnv, type Env } from '../../server/env';
import { Lifecycle } from '../../server/lib/lifecycle';
import { loadContent, type OwnerContent } from '../../server/services/content/load-content';
import { fixtureOwnerDir } from './fixture-owners';
import { createTestDatabase, truncateAll } from './test-db';

/** The content the test app serves: the alex-morgan fixture owner, never the shipped content/. */
export const CONTENT_DIR = fixtureOwnerDir('alex-morgan');

/** A valid configuration for tests: embedded defaults plus the given variables. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const result = parseEnv({ NODE_ENV: 'test', CONTENT_DIR, LOG_LEVEL: 'error', ...overrides });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.env;
}

export interface TestContext {
  app: Express;
  deps: AppDeps;
  /** The services the app was built with (mail, billing, ...), for tests that call a service. */
  appContext: AppContext;
  database: DatabaseHandle;
  content: OwnerContent;
  /** Builds another app on the same database with different configuration or clock. */
  rebuild(overrides?: { env?: Record<string, string>; now?: () => Date }): Express;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /**
   * The offline clone's pause between streamed words. 0 (no pause) unless a test needs the
   * reply to take time: one that checks the pacing or leaves in the middle of a stream passes
   * DEFAULT_WORD_DELAY_MS.
   */
  wordDelayMs?: number;
}

/**
 * Registers hooks that give the test file one database (clean before every test) and an app
 * built on it. Read the fields inside tests or hooks, not at collection time.
 */
export function useTestApp(options: TestAppOptions = {}) {
  const context = {} as TestContext;
  const lifecycles: Lifecycle[] = [];

  const build = (env: Env, now: () => Date) => {
    const lifecycle = new Lifecycle();
    lifecycles.push(lifecycle);
    const deps: AppDeps = {
      env,
      database: context.database,
      content: context.content,
      lifecycle,
      now,
      offlineWordDelayMs: options.wordDelayMs ?? 0,
    };
    const appContext = createAppContext(deps);
    return { deps, appContext, app: createApp(appContext) };
  };

  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.content = await loadContent(CONTENT_DIR);
    const { app, deps, appContext } = build(testEnv(options.env), options.now ?? (() => new Date()));
    context.app = app;
    context.deps = deps;
    context.appContext = appContext;
    context.rebuild = (overrides = {}) =>
      build(testEnv({ ...options.env, ...overrides.env }), overrides.now ?? deps.now).app;
  });

  beforeEach(async () => {
    await truncateAll(context.database);
  });

  afterAll(async () => {
    for (const lifecycle of lifecycles) await lifecycle.stop();
    await context.database?.close();
  });

  return context;
}
