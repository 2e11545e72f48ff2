import { desc, eq, sql } from 'drizzle-orm';
import { ownerAnswers, type OwnerAnswer } from '../../shared/schema';
import type { Queryable } from '../db/client';

/** Every answer, oldest first: the order of the knowledge file's sections. */
export async function listOwnerAnswersByAge(db: Queryable): Promise<OwnerAnswer[]> {
  return db.select().from(ownerAnswers).orderBy(ownerAnswers.createdAt, ownerAnswers.id);
}

/** Every answer, the last edited first: the desk's list. */
export async function listOwnerAnswersByEdit(db: Queryable): Promise<OwnerAnswer[]> {
  return db.select().from(ownerAnswers).orderBy(desc(ownerAnswers.updatedAt), desc(ownerAnswers.id));
}

/** Throws the driver's unique violation (23505) when the question already has an answer. */
export async function insertOwnerAnswer(
  db: Queryable,
  values: { question: string; answer: string },
): Promise<OwnerAnswer> {
  const [row] = await db.insert(ownerAnswers).values(values).returning();
  return row!;
}

/** The edited answer, or undefined for an unknown id. */
export async function updateOwnerAnswer(
  db: Queryable,
  id: string,
  values: { question: string; answer: string },
): Promise<OwnerAnswer | undefined> {
  const [row] = await db
    .update(ownerAnswers)
    // The database's clock, not the app's: instances compare it (readOwnerAnswersVersion).
    .set({ ...values, updatedAt: sql`clock_timestamp()` })
    .where(eq(ownerAnswers.id, id))
    .returning();
  return row;
}

/** Whether a row was deleted. */
export async function deleteOwnerAnswer(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .delete(ownerAnswers)
    .where(eq(ownerAnswers.id, id))
    .returning({ id: ownerAnswers.id });
  return rows.length > 0;
}

/**
 * A cheap fingerprint of the answers: an insert or a delete changes the count, an edit the latest
 * edit time (as text: microseconds, which a JavaScript Date would drop).
 */
export async function readOwnerAnswersVersion(db: Queryable): Promise<string> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      lastEdit: sql<string | null>`max(${ownerAnswers.updatedAt})::text`,
    })
    .from(ownerAnswers);
  return `${row?.count ?? 0}|${row?.lastEdit ?? ''}`;
}
