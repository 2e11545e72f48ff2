import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, sql } from 'drizzle-orm';
import { contactRequests, type ContactRequest } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { isAfter, isBefore, type KeysetPosition } from './keyset';

const isOpen = and(isNull(contactRequests.cancelledAt), isNull(contactRequests.completedAt));

/** A request with its place in its list: the time it is ordered by, as PostgreSQL prints it. */
export type ListedContactRequest = ContactRequest & { positionText: string };

/** Open booked calls, soonest first, after `after` by (scheduled_at, id); a past call stays until the owner marks it done. */
export async function listOpenCalls(
  db: Queryable,
  { after, limit }: { after?: KeysetPosition; limit: number },
): Promise<ListedContactRequest[]> {
  return db
    .select({
      ...getTableColumns(contactRequests),
      positionText: sql<string>`${contactRequests.scheduledAt}::text`,
    })
    .from(contactRequests)
    .where(
      and(
        isOpen,
        isNotNull(contactRequests.scheduledAt),
        after ? isAfter(contactRequests.scheduledAt, contactRequests.id, after) : undefined,
      ),
    )
    .orderBy(asc(contactRequests.scheduledAt), asc(contactRequests.id))
    .limit(limit);
}

/** Open requests without a slot, newest first, after `before` by (created_at, id). */
export async function listOpenFreeTextRequests(
  db: Queryable,
  { before, limit }: { before?: KeysetPosition; limit: number },
): Promise<ListedContactRequest[]> {
  return db
    .select({
      ...getTableColumns(contactRequests),
      positionText: sql<string>`${contactRequests.createdAt}::text`,
    })
    .from(contactRequests)
    .where(
      and(
        isOpen,
        isNull(contactRequests.scheduledAt),
        before ? isBefore(contactRequests.createdAt, contactRequests.id, before) : undefined,
      ),
    )
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit);
}

/** Sets isConfirmed on an active, unconfirmed request; undefined when nothing changed. */
export async function markContactRequestConfirmed(
  db: Queryable,
  id: string,
): Promise<ContactRequest | undefined> {
  const [row] = await db
    .update(contactRequests)
    .set({ isConfirmed: true })
    .where(
      and(
        eq(contactRequests.id, id),
        eq(contactRequests.isConfirmed, false),
        isNull(contactRequests.cancelledAt),
      ),
    )
    .returning();
  return row;
}

/** Sets completedAt on an active request not yet done; undefined when nothing changed. */
export async function markContactRequestCompleted(
  db: Queryable,
  id: string,
  at: Date,
): Promise<ContactRequest | undefined> {
  const [row] = await db
    .update(contactRequests)
    .set({ completedAt: at })
    .where(
      and(
        eq(contactRequests.id, id),
        isNull(contactRequests.completedAt),
        isNull(contactRequests.cancelledAt),
      ),
    )
    .returning();
  return row;
}

export async function listContactRequestsByConversation(
  db: Queryable,
  conversationId: string,
): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(eq(contactRequests.conversationId, conversationId))
    .orderBy(asc(contactRequests.createdAt));
}
