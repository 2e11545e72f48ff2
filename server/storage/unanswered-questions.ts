import { asc, desc, eq } from 'drizzle-orm';
import {
  unansweredQuestions,
  type InsertUnansweredQuestion,
  type UnansweredQuestion,
} from '../../shared/schema';
import type { Queryable } from '../db/client';

export async function insertUnansweredQuestion(
  db: Queryable,
  values: InsertUnansweredQuestion,
): Promise<UnansweredQuestion> {
  const [row] = await db.insert(unansweredQuestions).values(values).returning();
  return row!;
}

/** The newest questions first, for the owner. */
export async function listRecentUnansweredQuestions(
  db: Queryable,
  limit: number,
): Promise<UnansweredQuestion[]> {
  return db
    .select()
    .from(unansweredQuestions)
    .orderBy(desc(unansweredQuestions.createdAt), desc(unansweredQuestions.id))
    .limit(limit);
}

export async function listUnansweredQuestionsByConversation(
  db: Queryable,
  conversationId: string,
): Promise<UnansweredQuestion[]> {
  return db
    .select()
    .from(unansweredQuestions)
    .where(eq(unansweredQuestions.conversationId, conversationId))
    .orderBy(asc(unansweredQuestions.createdAt));
}
