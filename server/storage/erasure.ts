import { count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  checkoutSessions,
  contactRequests,
  conversations,
  emailOutbox,
  emailClaims,
  emailVerifications,
  messages,
  subscriptionUsers,
  unansweredQuestions,
} from '../../shared/schema';
import type { Queryable } from '../db/client';
import { anonymousContact } from './retention';

// Erasure of one person by e-mail address, inside the caller's transaction. Addresses compare
// case-insensitively (bookings keep what the visitor typed); `email` comes in lower case.

const isAddress = (column: AnyPgColumn, email: string): SQL => sql`lower(${column}) = ${email}`;

/** Their contact requests keep slot and outcome (the owner's record) and lose the person. */
export async function anonymiseContactRequestsOf(db: Queryable, email: string) {
  const rows = await db
    .update(contactRequests)
    .set(anonymousContact)
    .where(isAddress(contactRequests.email, email))
    .returning({ id: contactRequests.id, conversationId: contactRequests.conversationId });
  return rows;
}

/** Conversations that carry the address or led to one of their requests, with what cascades. */
export async function deleteConversationsOf(db: Queryable, email: string, linkedIds: string[]) {
  const matching = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        isAddress(conversations.visitorEmail, email),
        linkedIds.length > 0 ? inArray(conversations.id, linkedIds) : undefined,
      ),
    );
  const ids = matching.map((row) => row.id);
  if (ids.length === 0) return { conversations: 0, messages: 0, unansweredQuestions: 0 };
  const [messageCount] = await db
    .select({ total: count() })
    .from(messages)
    .where(inArray(messages.conversationId, ids));
  const [questionCount] = await db
    .select({ total: count() })
    .from(unansweredQuestions)
    .where(inArray(unansweredQuestions.conversationId, ids));
  await db.delete(conversations).where(inArray(conversations.id, ids));
  return {
    conversations: ids.length,
    messages: messageCount?.total ?? 0,
    unansweredQuestions: questionCount?.total ?? 0,
  };
}

/** Mail to the address, about their requests (the owner's notifications), or quoting the address. */
export async function deleteOutboxMailsOf(db: Queryable, email: string, contactRequestIds: string[]) {
  const rows = await db
    .delete(emailOutbox)
    .where(
      or(
        isAddress(emailOutbox.toAddress, email),
        contactRequestIds.length > 0 ? inArray(emailOutbox.contactRequestId, contactRequestIds) : undefined,
        sql`strpos(lower(${emailOutbox.body}), ${email}) > 0`,
        sql`strpos(lower(coalesce(${emailOutbox.icsContent}, '')), ${email}) > 0`,
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** The address's verification rows (counted) and its demo-mode claim by a browser. */
export async function deleteVerificationsOf(db: Queryable, email: string) {
  await db.delete(emailClaims).where(isAddress(emailClaims.email, email));
  const rows = await db
    .delete(emailVerifications)
    .where(isAddress(emailVerifications.email, email))
    .returning({ id: emailVerifications.id });
  return rows.length;
}

export async function findSubscriptionUsersOf(db: Queryable, email: string) {
  return db.select().from(subscriptionUsers).where(isAddress(subscriptionUsers.email, email));
}

export async function deleteSubscriptionUsers(db: Queryable, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(subscriptionUsers).where(inArray(subscriptionUsers.id, ids));
}

/**
 * The row stays for accounting and for Stripe's later events (found by customer and subscription
 * id); the address becomes a placeholder unique to the row, the names go.
 */
export async function anonymiseSubscriptionUser(db: Queryable, id: string, at: Date) {
  await db
    .update(subscriptionUsers)
    .set({ email: `erased-${id}@erased.invalid`, firstName: null, lastName: null, updatedAt: at })
    .where(eq(subscriptionUsers.id, id));
  await db.delete(checkoutSessions).where(eq(checkoutSessions.userId, id));
}
