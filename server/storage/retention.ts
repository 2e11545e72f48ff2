import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import {
  contactRequests,
  conversations,
  emailOutbox,
  messages,
  processedEvents,
  unansweredQuestions,
  voiceSessions,
} from '../../shared/schema';
import type { Queryable } from '../db/client';

// Each function removes at most `limit` rows in one statement and answers how many, so the
// retention sweep can repeat it in short statements that never hold long locks.

/** What replaces personal data in rows that stay (bookings, Stripe-linked subscription users). */
export const ERASED = '(erased)';

/** Conversations (their messages and unanswered questions cascade) with no activity since `before`. */
export async function deleteInactiveConversations(db: Queryable, before: Date, limit: number) {
  const recentMessage = db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversations.id), gte(messages.timestamp, before)));
  const stale = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(lt(conversations.createdAt, before), notExists(recentMessage)))
    .limit(limit);
  const rows = await db
    .delete(conversations)
    .where(inArray(conversations.id, stale))
    .returning({ id: conversations.id });
  return rows.length;
}

export async function deleteUnansweredQuestionsBefore(db: Queryable, before: Date, limit: number) {
  const stale = db
    .select({ id: unansweredQuestions.id })
    .from(unansweredQuestions)
    .where(lt(unansweredQuestions.createdAt, before))
    .limit(limit);
  const rows = await db
    .delete(unansweredQuestions)
    .where(inArray(unansweredQuestions.id, stale))
    .returning({ id: unansweredQuestions.id });
  return rows.length;
}

/** The visitor's words of a voice session: its transcript and the turns kept in its metadata. */
const voiceWords = or(
  isNotNull(voiceSessions.transcript),
  sql`(${voiceSessions.metadata}::jsonb -> 'turns') is not null`,
);
const withoutVoiceWords = {
  transcript: null,
  metadata: sql`(${voiceSessions.metadata}::jsonb - 'turns')::json`,
};

/** Clears what was said in sessions started before `before`; the minutes billed stay. */
export async function eraseVoiceTranscriptsBefore(db: Queryable, before: Date, limit: number) {
  const stale = db
    .select({ id: voiceSessions.id })
    .from(voiceSessions)
    .where(and(lt(voiceSessions.createdAt, before), voiceWords))
    .limit(limit);
  const rows = await db
    .update(voiceSessions)
    .set(withoutVoiceWords)
    .where(inArray(voiceSessions.id, stale))
    .returning({ id: voiceSessions.id });
  return rows.length;
}

/** Clears what was said in every session of these users; the minutes billed stay. */
export async function eraseVoiceTranscriptsOfUsers(db: Queryable, userIds: string[]) {
  if (userIds.length === 0) return 0;
  const rows = await db
    .update(voiceSessions)
    .set(withoutVoiceWords)
    .where(and(inArray(voiceSessions.userId, userIds), voiceWords))
    .returning({ id: voiceSessions.id });
  return rows.length;
}

/** Outbox rows written before `before`, optionally only of one kind (whatever their status). */
export async function deleteOutboxEntriesBefore(db: Queryable, before: Date, limit: number, kind?: string) {
  const stale = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(lt(emailOutbox.createdAt, before), kind === undefined ? undefined : eq(emailOutbox.kind, kind)),
    )
    .limit(limit);
  const rows = await db
    .delete(emailOutbox)
    .where(inArray(emailOutbox.id, stale))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

export async function deleteProcessedEventsBefore(db: Queryable, before: Date, limit: number) {
  const stale = db
    .select({ id: processedEvents.id })
    .from(processedEvents)
    .where(lt(processedEvents.processedAt, before))
    .limit(limit);
  const rows = await db
    .delete(processedEvents)
    .where(inArray(processedEvents.id, stale))
    .returning({ id: processedEvents.id });
  return rows.length;
}

/** Contact requests without a booked call, made before `before`. */
export async function deleteUnbookedContactRequestsBefore(db: Queryable, before: Date, limit: number) {
  const stale = db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(and(isNull(contactRequests.scheduledDate), lt(contactRequests.createdAt, before)))
    .limit(limit);
  const rows = await db
    .delete(contactRequests)
    .where(inArray(contactRequests.id, stale))
    .returning({ id: contactRequests.id });
  return rows.length;
}

export const anonymousContact = {
  fullName: ERASED,
  phoneNumber: ERASED,
  email: ERASED,
  preferredTime: null,
  purpose: null,
};

/** Bookings whose call was before `before`: the slot and its outcome stay, the person goes. */
export async function anonymiseBookingsBefore(db: Queryable, before: Date, limit: number) {
  const stale = db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(
      and(
        isNotNull(contactRequests.scheduledDate),
        sql`coalesce(${contactRequests.scheduledAt}, ${contactRequests.createdAt}) < ${before.toISOString()}`,
        ne(contactRequests.email, ERASED),
      ),
    )
    .limit(limit);
  const rows = await db
    .update(contactRequests)
    .set(anonymousContact)
    .where(inArray(contactRequests.id, stale))
    .returning({ id: contactRequests.id });
  return rows.length;
}
