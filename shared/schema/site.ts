// The owner's account and what visitors leave on the site: conversations, messages, contact
// requests and the questions the clone could not answer.
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createInsertSchema } from 'drizzle-zod';
import type { z } from 'zod';
import { createdAt, textBoolean } from './columns';

// Ids are generated UUIDs kept as text: the data contract gives users text ids.
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  username: text('username').notNull().unique(),
  // An scrypt hash (server/services/owner/passwords.ts), never the password itself.
  password: text('password').notNull(),
  // No longer read or written: the sign-in throttle (sign-in-throttles.ts) replaced this lockout
  // (docs/decisions/017). Kept, as landed columns are (decision 014), so instances still running
  // the previous release during an upgrade keep working.
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    visitorPhone: text('visitor_phone'),
    preferredCallTime: text('preferred_call_time'),
    purpose: text('purpose'),
    isCallScheduled: textBoolean('is_call_scheduled').notNull().default(sql`'false'`),
    // No longer written or read: the form opened once per conversation without an intent (a
    // "nudge"), which covered the answer the visitor had just asked for. The column stays, since
    // landed migrations are never edited and dropping it gains nothing (docs/decisions/014).
    contactNudgedAt: timestamp('contact_nudged_at', { withTimezone: true }),
    // SHA-256 of the browser key (an HttpOnly cookie) of the browser that started it: only that
    // browser may read, write, export or delete it. Never the key itself.
    ownerKeyHash: text('owner_key_hash'),
    createdAt: createdAt(),
    // How many messages it holds and when the newest was written: kept by triggers on messages
    // (migration 0009) in the statement that adds or removes them, so the owner's list reads two
    // columns instead of counting every message of every chat.
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    // A browser lists its own conversations by this hash.
    index('conversations_owner_key_hash_idx').on(t.ownerKeyHash),
    // The owner's list: chats with messages, newest first, paged by (created_at, id).
    index('conversations_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.messageCount} > 0`),
    // Search by name or e-mail (pg_trgm; created only where the extension loads).
    index('conversations_visitor_name_trgm_idx').using('gin', t.visitorName.op('gin_trgm_ops')),
    index('conversations_visitor_email_trgm_idx').using('gin', t.visitorEmail.op('gin_trgm_ops')),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    role: text('role').notNull(),
    // Whether this assistant reply asked the client to open the contact form.
    showedContactForm: boolean('showed_contact_form').notNull().default(false),
    // An assistant reply the visitor stopped: stored as far as it got, and shown as stopped.
    isStopped: boolean('is_stopped').notNull().default(false),
    // The owner's content sections an offline reply quoted ("faq.md#1"), so a follow-up goes on
    // from what was answered rather than from re-reading the reply's words. Null where nothing was
    // reported: visitor messages, stopped replies, the language model's replies, older rows.
    answeredSections: text('answered_sections').array(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_time_idx').on(t.conversationId, t.timestamp),
    // The owner's search by message text (pg_trgm; created only where the extension loads).
    index('messages_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    email: text('email').notNull(),
    preferredTime: text('preferred_time'),
    purpose: text('purpose'),
    // Owner-local calendar date and hour of the slot (OWNER_TIMEZONE) ...
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    scheduledTime: text('scheduled_time'),
    // ... and the exact instant it denotes, for visitors anywhere.
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    conversationId: uuid('conversation_id').references(() => conversations.id, {
      onDelete: 'set null',
    }),
    isConfirmed: boolean('is_confirmed').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    // When the owner marked the call or request done (the owner's desk).
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    // One active booking per slot: the database, not a check-then-insert, keeps slots exclusive.
    uniqueIndex('contact_requests_active_slot_uidx')
      .on(t.scheduledDate, t.scheduledTime)
      .where(sql`${t.cancelledAt} is null and ${t.scheduledDate} is not null`),
    index('contact_requests_scheduled_date_idx').on(t.scheduledDate),
    // The owner's desk: newest requests and the CSV, open calls, a chat's requests.
    index('contact_requests_created_at_idx').on(t.createdAt, t.id),
    index('contact_requests_open_calls_idx')
      .on(t.scheduledAt)
      .where(sql`${t.cancelledAt} is null and ${t.completedAt} is null`),
    index('contact_requests_conversation_idx').on(t.conversationId),
  ],
);

// Visitor questions the clone could not answer from the owner's content, so the owner can fill
// the gap (GET /api/owner/unanswered-questions). Gone with their conversation.
export const unansweredQuestions = pgTable(
  'unanswered_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('unanswered_questions_created_idx').on(t.createdAt)],
);

// Signed-in owner browsers. Only a SHA-256 of the cookie's token is stored, so a database leak
// signs no one in.
export const ownerSessions = pgTable(
  'owner_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('owner_sessions_expires_at_idx').on(table.expiresAt)],
);

export const insertUserSchema = createInsertSchema(users).pick({ username: true, password: true });

export const insertConversationSchema = createInsertSchema(conversations).omit({
  id: true,
  createdAt: true,
  contactNudgedAt: true,
  ownerKeyHash: true,
});

export const insertMessageSchema = createInsertSchema(messages).omit({
  id: true,
  timestamp: true,
});

export const insertContactRequestSchema = createInsertSchema(contactRequests).omit({
  id: true,
  createdAt: true,
});

export const insertUnansweredQuestionSchema = createInsertSchema(unansweredQuestions).omit({
  id: true,
  createdAt: true,
});

export type User = typeof users.$inferSelect;

export type InsertUser = z.infer<typeof insertUserSchema>;

export type OwnerSession = typeof ownerSessions.$inferSelect;

export type Conversation = typeof conversations.$inferSelect;

export type InsertConversation = z.infer<typeof insertConversationSchema>;

export type Message = typeof messages.$inferSelect;

export type InsertMessage = z.infer<typeof insertMessageSchema>;

export type ContactRequest = typeof contactRequests.$inferSelect;

export type InsertContactRequest = z.infer<typeof insertContactRequestSchema>;

export type UnansweredQuestion = typeof unansweredQuestions.$inferSelect;

export type InsertUnansweredQuestion = z.infer<typeof insertUnansweredQuestionSchema>;
