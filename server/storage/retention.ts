import { and, eq, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
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

/** Tables the sweep deletes from by id. */
type SweptTable =
  | typeof conversations
  | typeof unansweredQuestions
  | typeof emailOutbox
  | typeof processedEvents
  | typeof contactRequests;

/** Deletes at most `limit` rows of `table` matching `where`, in one statement; answers how many. */
async function deleteBatch(db: Queryable, table: SweptTable, where: SQL | undefined, limit: number) {
  const stale = db
    .select({ id: table.id })
    .from(table as typeof conversations)
    .where(where)
    .limit(limit);
  const rows = await db
    .delete(table as typeof conversations)
    .where(inArray(table.id, stale))
    .returning({ id: table.id });
  return rows.length;
}

/** Conversations (their messages and unanswered questions cascade) with no activity since `before`. */
export async function deleteInactiveConversations(db: Queryable, before: Date, limit: number) {
  const recentMessage = db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversations.id), gte(messages.timestamp, before)));
  const where = and(lt(conversations.createdAt, before), notExists(recentMessage));
  return deleteBatch(db, conversations, where, limit);
}

export async function deleteUnansweredQuestionsBefore(db: Queryable, before: Date, limit: number) {
  return deleteBatch(db, unansweredQuestions, lt(unansweredQuestions.createdAt, before), limit);
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
  const ofKind = kind === undefined ? undefined : eq(emailOutbox.kind, kind);
  return deleteBatch(db, emailOutbox, and(lt(emailOutbox.createdAt, before), ofKind), limit);
}

export async function deleteProcessedEventsBefore(db: Queryable, before: Date, limit: number) {
  return deleteBatch(db, processedEvents, lt(processedEvents.processedAt, before), limit);
}

/** Contact requests without a booked call, made before `before`. */
export async function deleteUnbookedContactRequestsBefore(db: Queryable, before: Date, limit: number) {
  const where = and(isNull(contactRequests.scheduledDate), lt(contactRequests.createdAt, before));
  return deleteBatch(db, contactRequests, where, limit);
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
