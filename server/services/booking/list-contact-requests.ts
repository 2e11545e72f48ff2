import type { ContactRequestView } from '../../../shared/booking-contact-request';
import type { Queryable } from '../../db/client';
import { listRecentContactRequests } from '../../storage/contact-requests';
import { toContactRequestView } from './views';

/** The owner sees at most this many, newest first. */
export const RECENT_CONTACT_REQUESTS = 200;

/** GET /api/owner/contact-requests: the latest booking requests, newest first, for the owner. */
export async function listContactRequestsForOwner(db: Queryable): Promise<ContactRequestView[]> {
  const rows = await listRecentContactRequests(db, RECENT_CONTACT_REQUESTS);
  return rows.map(toContactRequestView);
}
