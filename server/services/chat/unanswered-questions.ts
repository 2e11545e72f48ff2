import type { Queryable } from '../../db/client';
import { listRecentUnansweredQuestions } from '../../storage/unanswered-questions';
import { toUnansweredQuestionView, type UnansweredQuestionView } from './views';

/** The owner sees at most this many, newest first. */
export const RECENT_UNANSWERED_QUESTIONS = 200;

/** The questions the clone could not answer from the owner's content, newest first, for the owner. */
export async function listUnansweredQuestions(db: Queryable): Promise<UnansweredQuestionView[]> {
  const rows = await listRecentUnansweredQuestions(db, RECENT_UNANSWERED_QUESTIONS);
  return rows.map(toUnansweredQuestionView);
}
