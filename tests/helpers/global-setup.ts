import type { TestProject } from 'vitest/node';
import { ensureSnapshot } from './pglite-snapshot';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster each test file's in-memory database starts from. */
    pgliteSnapshot: string;
  }
}

/** Runs once per `vitest run`, before any integration file. */
export default async function setup(project: TestProject) {
  project.provide('pgliteSnapshot', await ensureSnapshot());
}
