import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { contactRequests, conversations, messages } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { isBefore, type KeysetPosition } from './keyset';

/** One conversation with what the owner's list shows about it. */
export interface ConversationSummaryRow {
  id: string;
  visitorName: string | null;
  visitorEmail: string | null;
  visitorPhone: string | null;
  purpose: string | null;
  createdAt: Date;
  /** created_at as PostgreSQL prints it: microseconds kept, so a page cursor is exact. */
  createdAtText: string;
  lastActivityAt: Date;
  messageCount: number;
  ledToBooking: boolean;
  firstQuestion: string | null;
}

export interface ConversationSearch {
  /** Matched case-insensitively against message text, visitor name and e-mail. */
  text?: string;
  /** Only conversations after this one, newest first: the previous page's last row. */
  before?: KeysetPosition;
  limit: number;
}

// Inside a raw subquery drizzle prints columns unqualified, so the outer row's id is spelled out.
const CONVERSATION_ID = sql.raw('"conversations"."id"');

// The stored counters (kept by triggers on messages, migration 0009), so no query here reads
// every message of a chat; `hasMessages` matches the partial index conversations_listed_idx.
const hasMessages = sql`${conversations.messageCount} > 0`;

const lastActivityAt = () => sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;

function summaryColumns() {
  return {
    id: conversations.id,
    visitorName: conversations.visitorName,
    visitorEmail: conversations.visitorEmail,
    visitorPhone: conversations.visitorPhone,
    purpose: conversations.purpose,
    createdAt: conversations.createdAt,
    createdAtText: sql<string>`${conversations.createdAt}::text`,
    lastActivityAt: lastActivityAt().mapWith(conversations.createdAt),
    messageCount: conversations.messageCount,
    // A scalar subquery, not `exists`: PostgreSQL may run an `exists` in the select list as one
    // hashed scan of every contact request (it prices it for the whole table, not for the page),
    // a cost that grew with the site's history; this one probes the index once per row shown.
    ledToBooking:
      sql`coalesce((select true from ${contactRequests} where ${contactRequests.conversationId} = ${CONVERSATION_ID} limit 1), false)`.mapWith(
        Boolean,
      ),
    firstQuestion: sql<
      string | null
    >`(select left(${messages.content}, 160) from ${messages} where ${messages.conversationId} = ${CONVERSATION_ID} and ${messages.role} = 'user' order by ${messages.timestamp} limit 1)`,
  };
}

/**
 * Conversations with at least one message, newest first, optionally searched and paged by
 * (created_at, id). A search is three bounded queries, each stopping at `limit` rows: chats whose
 * visitor's name, or e-mail, matches, and chats with a matching message. Each can walk the listed
 * index newest first and stop early (a common word) or start from the trigram index (a rare one),
 * whichever the planner finds cheaper; their union is cut to `limit` again.
 */
export async function searchConversationSummaries(
  db: Queryable,
  { text, before, limit }: ConversationSearch,
): Promise<ConversationSummaryRow[]> {
  const listed = and(
    hasMessages,
    before ? isBefore(conversations.createdAt, conversations.id, before) : undefined,
  );
  const newestFirst = [desc(conversations.createdAt), desc(conversations.id)] as const;
  if (!text)
    return db
      .select(summaryColumns())
      .from(conversations)
      .where(listed)
      .orderBy(...newestFirst)
      .limit(limit);

  const pattern = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const firstOf = (where: SQL | undefined) =>
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(listed, where))
      .orderBy(...newestFirst)
      .limit(limit);
  const hits = union(
    firstOf(ilike(conversations.visitorName, pattern)),
    firstOf(ilike(conversations.visitorEmail, pattern)),
    firstOf(
      sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${CONVERSATION_ID} and ${messages.content} ilike ${pattern})`,
    ),
  ).as('hits');
  return db
    .select(summaryColumns())
    .from(conversations)
    .where(inArray(conversations.id, db.select({ id: hits.id }).from(hits)))
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function listConversationSummariesByIds(
  db: Queryable,
  ids: string[],
): Promise<ConversationSummaryRow[]> {
  if (ids.length === 0) return [];
  return db.select(summaryColumns()).from(conversations).where(inArray(conversations.id, ids));
}

export async function findConversationSummary(
  db: Queryable,
  id: string,
): Promise<ConversationSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns())
    .from(conversations)
    .where(eq(conversations.id, id))
    .limit(1);
  return row;
}

/** The conversations with messages that this browser (its key hash) started, latest activity first. */
export async function listOwnedConversationSummaries(
  db: Queryable,
  ownerKeyHash: string,
  limit: number,
): Promise<ConversationSummaryRow[]> {
  return db
    .select(summaryColumns())
    .from(conversations)
    .where(and(eq(conversations.ownerKeyHash, ownerKeyHash), hasMessages))
    .orderBy(desc(lastActivityAt()), desc(conversations.id))
    .limit(limit);
}
