import type { ContactRequestView } from '../../../shared/booking-contact-request';
import { DESK_PAGE_SIZE } from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { listContactRequestsNewestFirst } from '../../storage/contact-requests';
import { toContactRequestView } from '../booking/views';
import { decodePageCursor, toPage } from './page-cursor';

/** GET /api/owner/contact-requests: booking requests newest first, cancelled ones included, a
 * page at a time (for scripts; the desk shows the open ones as leads). */
export async function listContactRequestsForOwner(
  db: Queryable,
  { cursor, limit = DESK_PAGE_SIZE }: { cursor?: string; limit?: number },
): Promise<{ requests: ContactRequestView[]; nextCursor: string | null }> {
  const before = cursor ? decodePageCursor(cursor) : undefined;
  const rows = await listContactRequestsNewestFirst(db, { before, limit: limit + 1 });
  const page = toPage(rows, limit, (row) => ({ at: row.createdAtText, id: row.id }));
  return { requests: page.rows.map(toContactRequestView), nextCursor: page.nextCursor };
}
