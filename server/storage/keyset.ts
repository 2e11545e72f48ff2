import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// The owner's lists page by keyset: each page starts after the previous page's last row, found
// by an index on (time, id), so a later page costs what the first does and rows that arrive
// meanwhile shift nothing.

/** A row's place in a list ordered by (a timestamp, id): the timestamp as PostgreSQL prints it
 * (`::text`: microseconds kept, which a Date would drop) and the id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** Rows after `position` in ascending (time, id) order. */
export function isAfter(time: AnyColumn, id: AnyColumn, position: KeysetPosition): SQL {
  return sql`(${time}, ${id}) > (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** Rows after `position` in descending (time, id) order: older ones, or the same time and a lower id. */
export function isBefore(time: AnyColumn, id: AnyColumn, position: KeysetPosition): SQL {
  return sql`(${time}, ${id}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}
