import { customType, timestamp } from 'drizzle-orm/pg-core';

// Timestamps are `timestamptz` everywhere: instants, never wall-clock values.
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// A yes/no the first schema stored as the text 'true' or 'false'. The column stays text (no
// migration), and the app reads and writes a boolean: the text never leaves the storage layer.
export const textBoolean = customType<{ data: boolean; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => (value ? 'true' : 'false'),
  fromDriver: (value) => value === 'true',
});
