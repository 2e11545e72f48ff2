import { and, asc, desc, eq, getTableColumns, gt, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  contactRequests,
  conversations,
  type ContactRequest,
  type InsertContactRequest,
} from '../../shared/schema';
import type { Queryable } from '../db/client';
import { isBefore, type KeysetPosition } from './keyset';

export type NewContactRequest = Omit<InsertContactRequest, 'cancelledAt'>;

/** Inserts a request; a taken slot fails with the unique violation of contact_requests_active_slot_uidx. */
export async function insertContactRequest(
  db: Queryable,
  values: NewContactRequest,
): Promise<ContactRequest> {
  const [row] = await db.insert(contactRequests).values(values).returning();
  return row!;
}

export async function findContactRequest(db: Queryable, id: string): Promise<ContactRequest | undefined> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id)).limit(1);
  return row;
}

/** Active (not cancelled) booked slots on or after an owner-local date, oldest first. */
export async function listActiveSlotsFrom(
  db: Queryable,
  fromDate: string,
): Promise<{ date: string; time: string }[]> {
  const rows = await db
    .select({ date: contactRequests.scheduledDate, time: contactRequests.scheduledTime })
    .from(contactRequests)
    .where(
      and(
        isNull(contactRequests.cancelledAt),
        isNotNull(contactRequests.scheduledTime),
        gte(contactRequests.scheduledDate, fromDate),
      ),
    )
    .orderBy(asc(contactRequests.scheduledDate), asc(contactRequests.scheduledTime));
  return rows.map((row) => ({ date: row.date!, time: row.time! }));
}

export type PositionedContactRequest = ContactRequest & { createdAtText: string };

/**
 * Requests newest first, cancelled ones included, after `before` by (created_at, id), read by the
 * index contact_requests_created_at_idx: a page costs the same however many came before. For the
 * owner's list and the CSV; created_at also travels as text, for the next page's position.
 */
export async function listContactRequestsNewestFirst(
  db: Queryable,
  { before, limit }: { before?: KeysetPosition; limit: number },
): Promise<PositionedContactRequest[]> {
  return db
    .select({
      ...getTableColumns(contactRequests),
      createdAtText: sql<string>`${contactRequests.createdAt}::text`,
    })
    .from(contactRequests)
    .where(before ? isBefore(contactRequests.createdAt, contactRequests.id, before) : undefined)
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(limit);
}

/** Marks a request cancelled, which frees its slot; undefined when unknown or already cancelled. */
export async function markContactRequestCancelled(
  db: Queryable,
  id: string,
  at: Date,
): Promise<ContactRequest | undefined> {
  const [row] = await db
    .update(contactRequests)
    .set({ cancelledAt: at })
    .where(and(eq(contactRequests.id, id), isNull(contactRequests.cancelledAt)))
    .returning();
  return row;
}

/** Whether another active request with a booked slot still links this conversation. */
export async function hasActiveBookingForConversation(
  db: Queryable,
  conversationId: string,
  exceptId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.conversationId, conversationId),
        ne(contactRequests.id, exceptId),
        isNull(contactRequests.cancelledAt),
        isNotNull(contactRequests.scheduledDate),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The conversation's booked calls that are neither cancelled nor started before `since`, soonest first. */
export async function listActiveBookingsForConversation(
  db: Queryable,
  conversationId: string,
  since: Date,
): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.conversationId, conversationId),
        isNull(contactRequests.cancelledAt),
        isNotNull(contactRequests.scheduledDate),
        gt(contactRequests.scheduledAt, since),
      ),
    )
    .orderBy(asc(contactRequests.scheduledAt));
}

export interface ConversationContact {
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  /** Left alone when absent, like isCallScheduled. */
  preferredCallTime?: string | null;
  purpose?: string | null;
  /** Set only when known; left alone otherwise. */
  isCallScheduled?: boolean;
}

/**
 * Copies the visitor's contact details onto the conversation that led to the request, so the
 * owner reading the chat knows who it was. Returns false when the conversation does not exist.
 * (Lives here rather than in storage/conversations.ts because only booking writes these fields.)
 */
export async function updateConversationContact(
  db: Queryable,
  conversationId: string,
  contact: ConversationContact,
): Promise<boolean> {
  const rows = await db
    .update(conversations)
    .set(contact)
    .where(eq(conversations.id, conversationId))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

export async function setConversationCallScheduled(
  db: Queryable,
  conversationId: string,
  isCallScheduled: boolean,
): Promise<void> {
  await db.update(conversations).set({ isCallScheduled }).where(eq(conversations.id, conversationId));
}
