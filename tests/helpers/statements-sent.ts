import { vi } from 'vitest';

/**
 * A spy on the statements a database handle sends to its driver. The query builder's calls do not
 * count them: a statement built once per database is only executed after its first use.
 */
export const spyOnStatementsSent = (db: object) =>
  vi.spyOn((db as { $client: { query: (...args: unknown[]) => unknown } }).$client, 'query');
