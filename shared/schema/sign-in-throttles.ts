// The owner sign-in's guessing brakes, shared by every instance (server/services/owner/sign-in-throttle.ts).
// One row per address and typed username, and one per typed username (the account, known or not);
// keys are SHA-256 hashes, so no typed username (a mistyped password, perhaps) is stored.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    // Attempts not (yet) proven right: counted before the password is checked, taken back after
    // a successful sign-in. For an account, those since `window_started_at`.
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    // An account's next paced password check, once its window's failures ran out.
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_throttles_updated_at_idx').on(t.updatedAt)],
);

export type SignInThrottle = typeof signInThrottles.$inferSelect;
