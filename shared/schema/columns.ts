import { timestamp } from 'drizzle-orm/pg-core';

// Timestamps are `timestamptz` everywhere: instants, never wall-clock values.
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
