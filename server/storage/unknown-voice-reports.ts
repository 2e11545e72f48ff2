import { desc } from 'drizzle-orm';
import { unknownVoiceReports, type UnknownVoiceReport } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type NewUnknownVoiceReport = Omit<UnknownVoiceReport, 'id'>;

/** Keeps a report once per call id: a replay changes nothing. */
export async function insertUnknownVoiceReport(db: Queryable, values: NewUnknownVoiceReport): Promise<void> {
  await db.insert(unknownVoiceReports).values(values).onConflictDoNothing();
}

/** The newest reports first, for the owner. */
export async function listRecentUnknownVoiceReports(
  db: Queryable,
  limit: number,
): Promise<UnknownVoiceReport[]> {
  return db
    .select()
    .from(unknownVoiceReports)
    .orderBy(desc(unknownVoiceReports.createdAt), desc(unknownVoiceReports.id))
    .limit(limit);
}
