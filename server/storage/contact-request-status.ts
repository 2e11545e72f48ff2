import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { contactRequests, type ContactRequest } from '../../shared/schema';
import type { Queryable } from '../db/client';

const isOpen = and(isNull(contactRequests.cancelledAt), isNull(contactRequests.completedAt));

/** Open booked calls, soonest first; a past call stays until the owner marks it done. */
export async function listOpenCalls(db: Queryable, limit: number): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(and(isOpen, isNotNull(contactRequests.scheduledAt)))
    .orderBy(asc(contactRequests.scheduledAt))
    .limit(limit);
}

/** Open requests without a slot, newest first. */
export async function listOpenFreeTextRequests(db: Queryable, limit: number): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(and(isOpen, isNull(contactRequests.scheduledAt)))
    .orderBy(desc(contactRequests.createdAt))
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
