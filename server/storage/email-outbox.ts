import type { MailStatus } from '../../shared/owner-desk';
import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
import { emailOutbox, type EmailOutboxEntry } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type NewOutboxEntry = Pick<EmailOutboxEntry, 'kind' | 'toAddress' | 'subject' | 'body'> &
  Partial<Pick<EmailOutboxEntry, 'icsContent' | 'contactRequestId'>>;

export async function insertOutboxEntries(db: Queryable, entries: NewOutboxEntry[]) {
  if (entries.length === 0) return [];
  return db.insert(emailOutbox).values(entries).returning();
}

export interface PendingOutboxQuery {
  maxAttempts: number;
  limit?: number;
  /** Rows to this recipient are left out (kept for later without blocking others). */
  skipAddress?: string;
  /** Oldest first (delivery order) unless set. */
  isNewestFirst?: boolean;
}

export async function listPendingOutboxEntries(
  db: Queryable,
  { maxAttempts, limit = 20, skipAddress, isNewestFirst = false }: PendingOutboxQuery,
) {
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lt(emailOutbox.attempts, maxAttempts),
        skipAddress === undefined ? undefined : ne(emailOutbox.toAddress, skipAddress),
      ),
    )
    .orderBy(isNewestFirst ? desc(emailOutbox.createdAt) : asc(emailOutbox.createdAt))
    .limit(limit);
}

export async function markOutboxEntrySent(db: Queryable, id: string, sentAt: Date) {
  await db.update(emailOutbox).set({ status: 'sent', sentAt }).where(eq(emailOutbox.id, id));
}

export async function markOutboxEntryFailed(
  db: Queryable,
  entry: Pick<EmailOutboxEntry, 'id' | 'attempts'>,
  error: string,
  maxAttempts: number,
) {
  const attempts = entry.attempts + 1;
  await db
    .update(emailOutbox)
    .set({ attempts, lastError: error.slice(0, 500), status: attempts >= maxAttempts ? 'failed' : 'pending' })
    .where(eq(emailOutbox.id, entry.id));
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

/** Gives an unsent entry a fresh set of attempts; undefined when unknown or already sent. */
export async function requeueOutboxEntry(db: Queryable, id: string): Promise<EmailOutboxEntry | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, lastError: null })
    .where(and(eq(emailOutbox.id, id), ne(emailOutbox.status, 'sent')))
    .returning();
  return row;
}
