import { randomUUID } from 'node:crypto';
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { conversations, llmUsage, messages, type Message } from '../../shared/schema';
import type { Database, Queryable } from '../db/client';
import { batchStatements, groupBy } from '../db/statement-batch';
import { row, selectFromArrays } from './insert-from-arrays';
import { perDatabase, preparedPerDatabase } from './prepared-query';

// The statements of a chat turn: its history read, its visitor message and its reply. Each is
// batched across the chats of the moment (server/db/statement-batch.ts): a burst of chats costs
// the database a few statements, not a few per chat.

/** What a chat turn starts from. */
export interface ChatTurnStart {
  /** The key hash of the browser that started the conversation. */
  ownerKeyHash: string | null;
  /** The newest messages, oldest first. */
  messages: Message[];
  /** Model tokens spent on the day asked. */
  tokensSpent: number;
}

/**
 * The newest `limit` messages of a conversation with the key hash of the browser that owns it, and
 * the model tokens spent on `day` (YYYY-MM-DD, UTC; 0 before the day's first call): a chat turn
 * needs them all before its model starts. Undefined when the conversation does not exist.
 */
export function getConversationHistoryAndTokensSpent(
  db: Database,
  conversationId: string,
  limit: number,
  day: string,
): Promise<ChatTurnStart | undefined> {
  return historyReads(db)({ conversationId, limit, day });
}

interface HistoryRead {
  conversationId: string;
  limit: number;
  day: string;
}

const historyReads = perDatabase((db) =>
  batchStatements<HistoryRead, ChatTurnStart | undefined>(async (reads) => {
    const found = new Map<string, ChatTurnStart>();
    // One statement per limit and day asked: in practice, one.
    for (const group of groupBy(reads, (read) => `${read.limit} ${read.day}`)) {
      const { limit, day } = group[0]!;
      const ids = [...new Set(group.map((read) => read.conversationId))];
      for (const [id, start] of await readHistories(db, ids, limit, day)) found.set(id, start);
    }
    return reads.map((read) => found.get(read.conversationId));
  }),
);

async function readHistories(db: Queryable, ids: string[], limit: number, day: string) {
  const rows = await historiesQuery(db).execute({ ids, limit, day });
  const starts = new Map<string, ChatTurnStart>();
  for (const row of rows) {
    let start = starts.get(row.id);
    if (!start) {
      start = { ownerKeyHash: row.ownerKeyHash, messages: [], tokensSpent: Number(row.tokensSpent ?? 0) };
      starts.set(row.id, start);
    }
    // No message found: the left join's columns are all null, and drizzle gives null for them.
    const message = row.message as Message | null;
    if (message) start.messages.push(message);
  }
  for (const start of starts.values())
    start.messages.sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  return starts;
}

// Built once per database: the conversations come as one array parameter, so the text is the
// same whatever the batch's size.
const historiesQuery = preparedPerDatabase((db) => {
  const recent = new QueryBuilder()
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversations.id))
    .orderBy(desc(messages.timestamp))
    .limit(sql.placeholder('limit'))
    .as('recent');
  return db
    .select({
      id: conversations.id,
      ownerKeyHash: conversations.ownerKeyHash,
      message: messageColumnsOf(recent),
      tokensSpent: sql<
        string | number | null
      >`(select ${llmUsage.tokens} from ${llmUsage} where ${llmUsage.day} = ${sql.placeholder('day')})`,
    })
    .from(conversations)
    .leftJoinLateral(recent, sql`true`)
    .where(sql`${conversations.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('');
});

/** A message's columns as a subquery of messages selects them. */
function messageColumnsOf(subquery: object) {
  const columns = Object.keys(getTableColumns(messages)).map((name) => [
    name,
    (subquery as Record<string, unknown>)[name],
  ]);
  return Object.fromEntries(columns) as unknown as ReturnType<typeof getTableColumns<typeof messages>>;
}

/** A visitor's chat message, stored. A conversation deleted meanwhile fails on its key (23503). */
export function insertVisitorMessage(
  db: Database,
  conversationId: string,
  content: string,
): Promise<Message> {
  return visitorMessageInserts(db)({ conversationId, content });
}

const visitorMessageInserts = perDatabase((db) =>
  batchStatements<{ conversationId: string; content: string }, Message>(
    async (inputs) => {
      const ids = inputs.map(() => randomUUID());
      const rows = await visitorMessagesInsert(db).execute({
        id: ids,
        conversationId: inputs.map((input) => input.conversationId),
        content: inputs.map((input) => input.content),
      });
      return inOrderOf(ids, rows);
    },
    { keyOf: (input) => input.conversationId },
  ),
);

// The batched inserts are built once per database: each row's fields come as arrays.
const visitorMessagesInsert = preparedPerDatabase((db) =>
  db
    .insert(messages)
    .select(
      selectFromArrays(
        messages,
        { id: 'uuid', conversationId: 'uuid', content: 'text' },
        { role: sql`'user'` },
      ),
    )
    .returning()
    .prepare(''),
);

/** The contact-form decision for a reply, either way the previous reply went. */
export interface ContactFormChoice {
  /** When the conversation's latest reply opened the form (or none has). */
  ifPreviousShowedForm: boolean;
  ifPreviousDidNot: boolean;
}

export interface ReplyToStore {
  conversationId: string;
  content: string;
  choice: ContactFormChoice;
  /** The content sections the reply answered from, when known. */
  answered?: string[];
}

/**
 * Stores an assistant reply with its contact-form decision: which way it goes is read from the
 * conversation's latest reply as the reply is stored (another message of the same conversation may
 * have landed during the stream). Batched on the database itself; `inTransaction` stores it in a
 * transaction's own statement. A conversation deleted meanwhile fails on its key (23503).
 */
export function insertReplyWithContactForm(db: Database, reply: ReplyToStore): Promise<Message> {
  return replyInserts(db)(reply);
}

export async function insertReplyInTransaction(tx: Queryable, reply: ReplyToStore): Promise<Message> {
  const [row] = await insertReplies(tx, [reply]);
  return row!;
}

const replyInserts = perDatabase((db) =>
  batchStatements<ReplyToStore, Message>((replies) => insertReplies(db, replies), {
    keyOf: (reply) => reply.conversationId,
  }),
);

async function insertReplies(db: Queryable, replies: ReplyToStore[]): Promise<Message[]> {
  const ids = replies.map(() => randomUUID());
  const rows = await repliesInsert(db).execute({
    id: ids,
    conversationId: replies.map((reply) => reply.conversationId),
    content: replies.map((reply) => reply.content),
    ifPreviousShowedForm: replies.map((reply) => reply.choice.ifPreviousShowedForm),
    ifPreviousDidNot: replies.map((reply) => reply.choice.ifPreviousDidNot),
    // A list per row: as JSON, since an array parameter of arrays must be rectangular.
    answered: replies.map((reply) => (reply.answered ? JSON.stringify(reply.answered) : null)),
  });
  return inOrderOf(ids, rows);
}

const repliesInsert = preparedPerDatabase((db) => {
  const latestReplyShowedForm = sql`coalesce((select m.showed_contact_form from ${messages} m
    where m.conversation_id = ${row('conversationId')} and m.role = 'assistant'
    order by m.timestamp desc limit 1), false)`;
  const fields = {
    id: 'uuid',
    conversationId: 'uuid',
    content: 'text',
    ifPreviousShowedForm: 'boolean',
    ifPreviousDidNot: 'boolean',
    answered: 'text',
  };
  return db
    .insert(messages)
    .select(
      selectFromArrays(messages, fields, {
        role: sql`'assistant'`,
        showedContactForm: sql`case when ${latestReplyShowedForm}
          then ${row('ifPreviousShowedForm')} else ${row('ifPreviousDidNot')} end`,
        answeredSections: sql`case when ${row('answered')} is null then null
          else array(select jsonb_array_elements_text(${row('answered')}::jsonb)) end`,
      }),
    )
    .returning()
    .prepare('');
});

/** The stored rows in the order of the ids they were given. */
function inOrderOf(ids: string[], rows: Message[]): Message[] {
  const stored = new Map(rows.map((message) => [message.id, message]));
  return ids.map((id) => stored.get(id)!);
}
