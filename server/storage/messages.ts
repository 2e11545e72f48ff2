import { and, asc, count, desc, eq } from 'drizzle-orm';
import { conversations, messages, type InsertMessage, type Message } from '../../shared/schema';
import type { Queryable } from './conversations';

export async function insertMessage(db: Queryable, values: InsertMessage): Promise<Message> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** Every message of a conversation, oldest first. */
export async function listMessages(db: Queryable, conversationId: string): Promise<Message[]> {
  return db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.timestamp));
}

/**
 * The newest `limit` messages of a conversation, oldest first, or undefined when the
 * conversation does not exist: one query, so a chat turn learns both before the model starts.
 */
export async function listRecentMessages(
  db: Queryable,
  conversationId: string,
  limit: number,
): Promise<Message[] | undefined> {
  const rows = await db
    .select({ message: messages })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .where(eq(conversations.id, conversationId))
    .orderBy(desc(messages.timestamp))
    .limit(limit);
  if (rows.length === 0) return undefined;
  return rows.flatMap((row) => (row.message ? [row.message] : [])).reverse();
}

export async function countMessagesByRole(
  db: Queryable,
  conversationId: string,
  role: string,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, role)));
  return row?.value ?? 0;
}

/** The newest assistant reply of a conversation, if any. */
export async function findLatestAssistantMessage(
  db: Queryable,
  conversationId: string,
): Promise<Message | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'assistant')))
    .orderBy(desc(messages.timestamp))
    .limit(1);
  return row;
}
