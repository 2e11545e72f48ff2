import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'client/src'),
  '@shared': path.resolve(import.meta.dirname, 'shared'),
};

// Integration files that mock a module the app imports need a module registry of their own; the
// others share their worker's loaded modules (isolate: false), so server/app.ts and its
// dependencies load once per worker rather than once per file. Each file still builds its own
// app, database, servers and clock.
const OWN_MODULES = ['tests/integration/owner-sign-in-throttle.test.ts'];

const integration = (name: string, env: Record<string, string>) =>
  [
    { name, include: ['tests/integration/**/*.test.ts'], exclude: OWN_MODULES, isolate: false },
    { name: `${name}-isolated`, include: OWN_MODULES, isolate: true },
  ].map((files) => ({
    resolve: { alias },
    test: {
      ...files,
      environment: 'node',
      setupFiles: ['tests/helpers/fail-on-console-error.ts'],
      // One migrated embedded cluster that every file's in-memory database is loaded from.
      globalSetup: ['tests/helpers/global-setup.ts'],
      env: { NODE_ENV: 'test', ...env },
      testTimeout: 20_000,
      hookTimeout: 60_000,
    },
  }));

// `npm test`: unit + integration on embedded PGlite, plus the same integration suite on a real
// PostgreSQL when TEST_DATABASE_URL is set. The browser suite runs only with E2E=1 (npm run test:e2e).
export default defineConfig({
  test: {
    // Every core: vitest's default outside watch mode is one fewer, which is one worker on a
    // 2-core machine. Test files are independent (each integration file has its own database,
    // ephemeral ports and mkdtemp folders); the e2e project still runs its files one at a time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/fail-on-console-error.ts'],
          // The eval test's in-memory databases load the migrated snapshot too (tests/unit/eval).
          globalSetup: ['tests/helpers/global-setup.ts'],
          env: { NODE_ENV: 'test' },
        },
      },
      ...integration('integration', { TEST_DB_DRIVER: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? integration('integration-pg', { TEST_DB_DRIVER: 'postgres' }) : []),
      ...(process.env.E2E
        ? [
            {
              resolve: { alias },
              test: {
                name: 'e2e',
                include: ['tests/e2e/**/*.spec.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
