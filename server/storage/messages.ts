import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import { conversations, messages, type InsertMessage, type Message } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { preparedPerDatabase } from './prepared-query';

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
 * The newest `limit` messages of a conversation, oldest first, with the key hash of the browser
 * that owns it; undefined when the conversation does not exist. One query, so a chat turn learns
 * whose conversation it is and its history before the model starts.
 */
export async function getConversationHistory(
  db: Queryable,
  conversationId: string,
  limit: number,
): Promise<{ ownerKeyHash: string | null; messages: Message[] } | undefined> {
  const rows = await historyQuery(db).execute({ conversationId, limit });
  if (rows.length === 0) return undefined;
  return {
    ownerKeyHash: rows[0]!.ownerKeyHash,
    messages: rows.flatMap((row) => (row.message ? [row.message] : [])).reverse(),
  };
}

const historyQuery = preparedPerDatabase((db) =>
  db
    .select({ ownerKeyHash: conversations.ownerKeyHash, message: messages })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .where(eq(conversations.id, sql.placeholder('conversationId')))
    .orderBy(desc(messages.timestamp))
    .limit(sql.placeholder('limit'))
    .prepare(''),
);

/**
 * Replaces the assistant message `replacedId` with `values`, if it is still the newest message of
 * its conversation; undefined (nothing written) when it is gone or a newer message exists, so two
 * racing regenerations, or one racing a new message, cannot both land.
 */
export async function replaceLastMessage(
  db: Queryable,
  replacedId: string,
  values: InsertMessage,
): Promise<Message | undefined> {
  const newer = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, values.conversationId),
        sql`${messages.timestamp} > (select m.timestamp from messages m where m.id = ${replacedId})`,
      ),
    );
  const deleted = await db
    .delete(messages)
    .where(
      and(eq(messages.id, replacedId), eq(messages.conversationId, values.conversationId), notExists(newer)),
    )
    .returning({ id: messages.id });
  if (deleted.length === 0) return undefined;
  return insertMessage(db, values);
}
