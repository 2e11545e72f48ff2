import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import { conversations, llmUsage, messages, type InsertMessage, type Message } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { preparedPerDatabase } from './prepared-query';

export async function insertMessage(db: Queryable, values: InsertMessage): Promise<Message> {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
}

/** A visitor's chat message, with its SQL built once per database (one is stored per chat turn). */
export async function insertVisitorMessage(
  db: Queryable,
  conversationId: string,
  content: string,
): Promise<Message> {
  const [row] = await visitorMessageInsert(db).execute({ conversationId, content });
  return row!;
}

const visitorMessageInsert = preparedPerDatabase((db) =>
  db
    .insert(messages)
    .values({
      conversationId: sql.placeholder('conversationId'),
      role: 'user',
      content: sql.placeholder('content'),
    })
    .returning()
    .prepare(''),
);

/** The contact-form decision for a reply, either way the previous reply went. */
export interface ContactFormChoice {
  /** When the conversation's latest reply opened the form (or none has). */
  ifPreviousShowedForm: boolean;
  ifPreviousDidNot: boolean;
}

/**
 * Stores an assistant reply with its contact-form decision, in one statement: which way it goes
 * is read from the conversation's latest reply as the reply is stored (another message of the
 * same conversation may have landed during the stream). `answered` (the content sections it
 * answered from) is stored with it, null when unknown. A conversation deleted meanwhile fails on
 * its foreign key (23503).
 */
export async function insertReplyWithContactForm(
  db: Queryable,
  conversationId: string,
  content: string,
  choice: ContactFormChoice,
  answered?: string[],
): Promise<Message> {
  const [row] = await replyInsert(db).execute({
    conversationId,
    content,
    ...choice,
    // Encoded as the column encodes it: a placeholder's value reaches the driver as given.
    answered: answered ? messages.answeredSections.mapToDriverValue(answered) : null,
  });
  return row!;
}

const replyInsert = preparedPerDatabase((db) => {
  const conversationId = sql.placeholder('conversationId');
  const latestReplyShowedForm = sql`coalesce((select m.showed_contact_form from ${messages} m
    where m.conversation_id = ${conversationId}::uuid and m.role = 'assistant'
    order by m.timestamp desc limit 1), false)`;
  return db
    .insert(messages)
    .values({
      conversationId,
      role: 'assistant',
      content: sql.placeholder('content'),
      showedContactForm: sql`case when ${latestReplyShowedForm}
        then ${sql.placeholder('ifPreviousShowedForm')}::boolean
        else ${sql.placeholder('ifPreviousDidNot')}::boolean end`,
      answeredSections: sql`${sql.placeholder('answered')}::text[]`,
    })
    .returning()
    .prepare('');
});

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
 * getConversationHistory, and the model tokens spent on `day` (YYYY-MM-DD, UTC; 0 before the
 * day's first call) in the same statement: a chat turn needs both before its model starts, and on
 * the embedded database each statement costs its own turn on the main thread.
 */
export async function getConversationHistoryAndTokensSpent(
  db: Queryable,
  conversationId: string,
  limit: number,
  day: string,
): Promise<{ ownerKeyHash: string | null; messages: Message[]; tokensSpent: number } | undefined> {
  const rows = await historyAndTokensQuery(db).execute({ conversationId, limit, day });
  if (rows.length === 0) return undefined;
  return {
    ownerKeyHash: rows[0]!.ownerKeyHash,
    messages: rows.flatMap((row) => (row.message ? [row.message] : [])).reverse(),
    tokensSpent: Number(rows[0]!.tokensSpent ?? 0),
  };
}

const historyAndTokensQuery = preparedPerDatabase((db) =>
  db
    .select({
      ownerKeyHash: conversations.ownerKeyHash,
      message: messages,
      tokensSpent: sql<
        number | null
      >`(select ${llmUsage.tokens} from ${llmUsage} where ${llmUsage.day} = ${sql.placeholder('day')})`,
    })
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
