import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  json,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createInsertSchema } from 'drizzle-zod';
import type { z } from 'zod';

// Timestamps are `timestamptz` everywhere: instants, never wall-clock values.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// SPEC.md section 3: "users: id (generated uuid text)". Kept as text to honour the spec.
export const users = pgTable('users', {
  id: text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  username: text('username').notNull().unique(),
  // An scrypt hash (server/services/owner/passwords.ts), never the password itself.
  password: text('password').notNull(),
  // Consecutive failed sign-ins, and the lockout they caused.
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  visitorName: text('visitor_name'),
  visitorEmail: text('visitor_email'),
  visitorPhone: text('visitor_phone'),
  preferredCallTime: text('preferred_call_time'),
  purpose: text('purpose'),
  isCallScheduled: text('is_call_scheduled').notNull().default('false'),
  // When the server last nudged the visitor towards the contact form without an explicit
  // intent, so the unprompted nudge happens once per conversation.
  contactNudgedAt: timestamp('contact_nudged_at', { withTimezone: true }),
  // SHA-256 of the browser key (an HttpOnly cookie) of the browser that started it: only that
  // browser may read, write, export or delete it. Never the key itself.
  ownerKeyHash: text('owner_key_hash'),
  createdAt: createdAt(),
});

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
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_conversation_time_idx').on(t.conversationId, t.timestamp)],
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
  ],
);

// Messages to the owner and visitors. Written in the same transaction as what caused them,
// delivered afterwards, so a mail failure never loses a booking.
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    icsContent: text('ics_content'),
    contactRequestId: uuid('contact_request_id').references(() => contactRequests.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_status_idx').on(t.status, t.createdAt)],
);

export const subscriptionUsers = pgTable('subscription_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id').unique(),
  subscriptionStatus: text('subscription_status').notNull().default('inactive'),
  subscriptionPlan: text('subscription_plan'),
  voiceMinutesUsed: integer('voice_minutes_used').notNull().default(0),
  voiceMinutesLimit: integer('voice_minutes_limit').notNull().default(100),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  // Stripe does not deliver in order, so each field group remembers the creation time of the event
  // that last set it: billingStateAt for subscriptionStatus (written by subscription and invoice
  // events alike), subscriptionStateAt for what only the subscription object says (plan, limit,
  // period, subscription id). An older event never overwrites either; an invoice event never hides
  // a plan switch that came just before it.
  billingStateAt: timestamp('billing_state_at', { withTimezone: true }),
  subscriptionStateAt: timestamp('subscription_state_at', { withTimezone: true }),
  lastPaidInvoiceId: text('last_paid_invoice_id'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const voiceSessions = pgTable(
  'voice_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => subscriptionUsers.id, { onDelete: 'cascade' }),
    vapiCallId: text('vapi_call_id').unique(),
    // As reported by the client: display only. Billing uses billedSeconds.
    duration: integer('duration'),
    status: text('status').notNull(),
    transcript: text('transcript'),
    metadata: json('metadata'),
    maxDurationSeconds: integer('max_duration_seconds'),
    billedSeconds: integer('billed_seconds'),
    billedMinutes: integer('billed_minutes'),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    // The page's last sign of life during the call; a session silent too long is expired.
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }),
  },
  (t) => [index('voice_sessions_user_created_idx').on(t.userId, t.createdAt)],
);

export const vapiAssistants = pgTable('vapi_assistants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  vapiAssistantId: text('vapi_assistant_id').notNull().unique(),
  configuration: json('configuration').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

// Webhook events already applied (Stripe event ids, Vapi call ids): a replay does nothing.
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  source: text('source').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

// One-time codes that prove a browser controls an e-mail address.
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    // Keyed hash of the code; cleared once the code is used, replaced or expired. The row stays
    // an hour as a record of the send, which bounds codes per address.
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_email_idx').on(t.email, t.createdAt)],
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

// In demo mode without e-mail delivery an address belongs to the first browser that claims it
// (SHA-256 of its browser key): codes are shown on the page only to that browser.
export const emailClaims = pgTable('email_claims', {
  email: text('email').primaryKey(),
  browserKeyHash: text('browser_key_hash').notNull(),
  createdAt: createdAt(),
});

// Vapi end-of-call reports naming a call no session of ours has (a call made elsewhere with this
// server URL, or a session since deleted): kept for the owner (GET /api/owner/unknown-voice-reports)
// with what identifies the call, never its transcript or the caller's number.
export const unknownVoiceReports = pgTable(
  'unknown_voice_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vapiCallId: text('vapi_call_id').notNull().unique(),
    durationSeconds: integer('duration_seconds'),
    endedReason: text('ended_reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('unknown_voice_reports_created_idx').on(t.createdAt)],
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
export const insertSubscriptionUserSchema = createInsertSchema(subscriptionUsers).omit({
  id: true,
  createdAt: true,
  updatedAt: true,
});
export const insertVoiceSessionSchema = createInsertSchema(voiceSessions).omit({
  id: true,
  createdAt: true,
});
export const insertVapiAssistantSchema = createInsertSchema(vapiAssistants).omit({
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
export type EmailOutboxEntry = typeof emailOutbox.$inferSelect;
export type SubscriptionUser = typeof subscriptionUsers.$inferSelect;
export type InsertSubscriptionUser = z.infer<typeof insertSubscriptionUserSchema>;
export type VoiceSession = typeof voiceSessions.$inferSelect;
export type InsertVoiceSession = z.infer<typeof insertVoiceSessionSchema>;
export type VapiAssistant = typeof vapiAssistants.$inferSelect;
export type InsertVapiAssistant = z.infer<typeof insertVapiAssistantSchema>;
export type UnansweredQuestion = typeof unansweredQuestions.$inferSelect;
export type InsertUnansweredQuestion = z.infer<typeof insertUnansweredQuestionSchema>;

// The Checkout a subscription user was last sent to, so pressing Subscribe again within an hour
// reuses it instead of opening another. One row a user: concurrent requests race for it through
// the primary key, the winner creates the session (claimId) and the others wait for it.
export const checkoutSessions = pgTable('checkout_sessions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => subscriptionUsers.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull(),
  claimId: text('claim_id').notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  // Null while the claim's session is being created.
  sessionId: text('session_id'),
  url: text('url'),
  reuseUntil: timestamp('reuse_until', { withTimezone: true }),
});

// Request counts of the rate limits, one row a limit and client, shared by every instance of the
// site. A row whose window has ended counts from one again and is deleted by a periodic sweep.
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

// Model tokens spent per UTC day (prompt + completion), shared by every instance; `warned_at`
// marks the day's one warning to the owner.
export const llmUsage = pgTable('llm_usage', {
  day: date('day').primaryKey(),
  tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
  warnedAt: timestamp('warned_at', { withTimezone: true }),
});
export type UnknownVoiceReport = typeof unknownVoiceReports.$inferSelect;
