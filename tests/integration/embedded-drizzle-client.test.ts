import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, inject, it } from 'vitest';
import { queriedByDrizzle } from '../../server/db/embedded';
import { openSnapshot } from '../helpers/pglite-snapshot';

// drizzle sends its result parsers (date and time types kept as text) with every query, and PGlite
// merges them into its own table each time; the client drizzle gets installs them once instead.

describe.runIf(process.env.TEST_DB_DRIVER !== 'postgres')(
  'the embedded database as drizzle queries it',
  () => {
    it('reads dates and times as text without sending parsers with each query, in transactions too', async () => {
      const client = await openSnapshot(inject('pgliteSnapshot'));
      try {
        const sent: Array<QueryOptions | undefined> = [];
        const query = client.query.bind(client);
        client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          sent.push(options);
          return query(text, params, options);
        }) as PGlite['query'];
        const db = drizzle({ client: queriedByDrizzle(client) as PGlite });
        const read = sql`select '2026-01-02'::date as day, '2026-01-02 03:04:05+00'::timestamptz as at`;

        for (let run = 0; run < 2; run++) {
          const { rows } = await db.execute<{ day: unknown; at: unknown }>(read);
          expect(rows[0]!.day).toBe('2026-01-02');
          expect(typeof rows[0]!.at).toBe('string');
        }
        expect(sent).toHaveLength(2);
        expect(sent.filter((options) => options?.parsers)).toEqual([]);

        await db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ day: unknown }>(read);
          expect(rows[0]!.day).toBe('2026-01-02');
        });
      } finally {
        await client.close();
      }
    });
  },
);
