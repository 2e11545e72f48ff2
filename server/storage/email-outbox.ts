import type { MailStatus } from '../../shared/owner-desk';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { emailOutbox, type EmailOutboxEntry } from '../../shared/schema';
import type { Database, Queryable } from '../db/client';

export type NewOutboxEntry = Pick<EmailOutboxEntry, 'kind' | 'toAddress' | 'subject' | 'body'> &
  Partial<Pick<EmailOutboxEntry, 'icsContent' | 'contactRequestId' | 'priority' | 'nextAttemptAt'>>;

export async function insertOutboxEntries(db: Queryable, entries: NewOutboxEntry[]) {
  if (entries.length === 0) return [];
  return db.insert(emailOutbox).values(entries).returning();
}

/** Waiting mail newest first (what development prints while no SMTP_URL is set). */
export async function listNewestPendingOutboxEntries(db: Queryable, { limit = 20 }: { limit?: number } = {}) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.status, 'pending'))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
}

export interface OutboxClaim {
  now: Date;
  /** The claimed rows belong to the caller until then; past it, any instance may claim them. */
  leaseUntil: Date;
  maxAttempts: number;
  limit: number;
  /** Rows to this recipient are left out (kept for later without blocking others). */
  skipAddress?: string;
}

/**
 * Claims the next rows due for sending, highest priority then oldest first: a short transaction
 * locks them with FOR UPDATE SKIP LOCKED (rows another instance is claiming are passed over, not
 * waited for), counts the attempt and sets the lease. The caller sends after it commits.
 */
export async function claimOutboxEntries(
  db: Database,
  { now, leaseUntil, maxAttempts, limit, skipAddress }: OutboxClaim,
): Promise<EmailOutboxEntry[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lt(emailOutbox.attempts, maxAttempts),
          or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, now)),
          or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
          skipAddress === undefined ? undefined : ne(emailOutbox.toAddress, skipAddress),
        ),
      )
      .orderBy(desc(emailOutbox.priority), asc(emailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, claimedUntil: leaseUntil })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    // RETURNING keeps no order.
    return claimed.sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime());
  });
}

/** Hands claimed rows back unsent (their attempt not counted), for any instance to claim now. */
export async function releaseOutboxEntries(db: Queryable, ids: string[], leaseUntil: Date) {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} - 1`, claimedUntil: null })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.claimedUntil, leaseUntil)));
}

/**
 * Rows whose instance stopped during their last allowed attempt: once the lease is over they are
 * failed, as a failed last send would be. Answers them for the log.
 */
export async function failAbandonedOutboxEntries(db: Queryable, now: Date, maxAttempts: number) {
  return db
    .update(emailOutbox)
    .set({
      status: 'failed',
      claimedUntil: null,
      lastError: sql`coalesce(${emailOutbox.lastError}, 'The sending instance stopped during the last attempt.')`,
    })
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        gte(emailOutbox.attempts, maxAttempts),
        lte(emailOutbox.claimedUntil, now),
      ),
    )
    .returning({ id: emailOutbox.id, kind: emailOutbox.kind, attempts: emailOutbox.attempts });
}

/** Sent: the claim's attempt is taken back, so `attempts` stays the count of failed sends. */
export async function markOutboxEntrySent(db: Queryable, id: string, sentAt: Date) {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt, claimedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(eq(emailOutbox.id, id));
}

/** A failed send (its attempt counted by the claim): waits until nextAttemptAt, or is given up. */
export async function markOutboxEntryFailed(
  db: Queryable,
  id: string,
  { error, isFinal, nextAttemptAt }: { error: string; isFinal: boolean; nextAttemptAt: Date },
) {
  await db
    .update(emailOutbox)
    .set({
      lastError: error.slice(0, 500),
      status: isFinal ? 'failed' : 'pending',
      nextAttemptAt,
      claimedUntil: null,
    })
    .where(eq(emailOutbox.id, id));
}

/**
 * Drops a request's mail of this kind that no instance has claimed yet (a reminder for a call that
 * was cancelled or moved). A row being sent right now keeps its lease and goes out.
 */
export async function deleteUnsentOutboxEntries(
  db: Queryable,
  { contactRequestId, kind, now }: { contactRequestId: string; kind: string; now: Date },
) {
  await db
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.contactRequestId, contactRequestId),
        eq(emailOutbox.kind, kind),
        eq(emailOutbox.status, 'pending'),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
      ),
    );
}

export async function deleteOutboxEntry(db: Queryable, id: string) {
  await db.delete(emailOutbox).where(eq(emailOutbox.id, id));
}

/** The outbox newest first, optionally one status only, for the owner. */
export async function listOutboxEntries(
  db: Queryable,
  { status, limit }: { status?: MailStatus; limit: number },
) {
  return db
    .select()
    .from(emailOutbox)
    .where(status === undefined ? undefined : eq(emailOutbox.status, status))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function findOutboxEntry(db: Queryable, id: string): Promise<EmailOutboxEntry | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/**
 * Gives an unsent entry a fresh set of attempts, due at once; undefined when unknown, already
 * sent, or being sent by an instance right now.
 */
export async function requeueOutboxEntry(
  db: Queryable,
  id: string,
  now: Date,
): Promise<EmailOutboxEntry | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: null, claimedUntil: null })
    .where(
      and(
        eq(emailOutbox.id, id),
        ne(emailOutbox.status, 'sent'),
        or(isNull(emailOutbox.claimedUntil), lte(emailOutbox.claimedUntil, now)),
      ),
    )
    .returning();
  return row;
}
