// Mail waiting to go out, and how a browser proves (or claims) an e-mail address.
import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { MailStatus } from '../owner-desk';
import { createdAt } from './columns';
import { contactRequests } from './site';

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
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    // Higher goes first: a verification code is not queued behind a burst of booking mail.
    priority: smallint('priority').notNull().default(0),
    // Failed sends. Counted when an instance claims the row (a send its crash cut short counts
    // too) and taken back once the mail is sent.
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    // Backoff after a failed send: not tried before this instant (null: at once).
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    // The lease of the instance sending the row; once past, another instance may claim it.
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_outbox_status_idx').on(t.status, t.createdAt),
    // The delivery order of waiting mail (mail-delivery claims from the head of it).
    index('email_outbox_pending_idx')
      .on(t.priority.desc(), t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

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

// In demo mode without e-mail delivery an address belongs to the first browser that claims it
// (SHA-256 of its browser key): codes are shown on the page only to that browser.
export const emailClaims = pgTable('email_claims', {
  email: text('email').primaryKey(),
  browserKeyHash: text('browser_key_hash').notNull(),
  createdAt: createdAt(),
});

export type EmailOutboxEntry = typeof emailOutbox.$inferSelect;
