import { desc, getTableColumns, sql } from 'drizzle-orm';
import { contactRequests, type ContactRequest } from '../../shared/schema';
import type { Queryable } from '../db/client';

/** Where a batch of the export stopped: its last row's exact created_at (as text) and id. */
export interface ExportPosition {
  createdAtText: string;
  id: string;
}

export type ExportedContactRequest = ContactRequest & ExportPosition;

/**
 * One batch of contact requests, newest first, after `after` by (created_at, id), read by the
 * index contact_requests_created_at_idx: each batch costs the same however many came before.
 * created_at travels as PostgreSQL's text, whose microseconds a Date would drop.
 */
export async function listContactRequestsBatch(
  db: Queryable,
  after: ExportPosition | undefined,
  limit: number,
): Promise<ExportedContactRequest[]> {
  return db
    .select({ ...getTableColumns(contactRequests), createdAtText: sql<string>`${contactRequests.createdAt}::text` })
    .from(contactRequests)
    .where(
      after
        ? sql`(${contactRequests.createdAt}, ${contactRequests.id}) < (${after.createdAtText}::timestamptz, ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit);
}
