// Counters shared by every instance of the site: request rates and the model's daily tokens.
import { bigint, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Request counts of the rate limits, one row a limit and client, shared by every instance of the
// site. A row whose window has ended counts from one again and is deleted by a periodic sweep.
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

// Model tokens spent per UTC day (prompt + completion), shared by every instance; `warned_at`
// marks the day's one warning to the owner.
export const llmUsage = pgTable('llm_usage', {
  day: date('day').primaryKey(),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  warnedAt: timestamp('warned_at', { withTimezone: true }),
});
