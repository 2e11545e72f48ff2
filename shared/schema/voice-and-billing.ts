// Voice subscribers, their calls and the billing events and checkouts behind them.
import { boolean, index, integer, json, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createInsertSchema } from 'drizzle-zod';
import type { z } from 'zod';
import type { VoiceSessionStatus } from '../voice';
import { createdAt } from './columns';

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
    status: text('status').$type<VoiceSessionStatus>().notNull(),
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

export type SubscriptionUser = typeof subscriptionUsers.$inferSelect;

export type InsertSubscriptionUser = z.infer<typeof insertSubscriptionUserSchema>;

export type VoiceSession = typeof voiceSessions.$inferSelect;

export type InsertVoiceSession = z.infer<typeof insertVoiceSessionSchema>;

export type VapiAssistant = typeof vapiAssistants.$inferSelect;

export type InsertVapiAssistant = z.infer<typeof insertVapiAssistantSchema>;

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

export type UnknownVoiceReport = typeof unknownVoiceReports.$inferSelect;
