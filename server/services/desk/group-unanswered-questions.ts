import type { UnansweredQuestionGroup } from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { listRecentUnansweredQuestions } from '../../storage/unanswered-questions';

const RECENT_QUESTIONS = 1000;

/** Case, punctuation and spacing do not make a question a different one. */
export function normaliseQuestion(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The recent unanswered questions, one group per normalised question, most asked first. */
export async function groupUnansweredQuestions(db: Queryable): Promise<UnansweredQuestionGroup[]> {
  const rows = await listRecentUnansweredQuestions(db, RECENT_QUESTIONS);
  const groups = new Map<string, UnansweredQuestionGroup>();
  // Rows come newest first, so each group's first row gives its wording and last-asked time.
  for (const row of rows) {
    const key = normaliseQuestion(row.question) || row.question;
    const group = groups.get(key);
    if (!group) {
      groups.set(key, {
        question: row.question,
        count: 1,
        lastAskedAt: row.createdAt.toISOString(),
        conversationIds: [row.conversationId],
      });
      continue;
    }
    group.count += 1;
    if (!group.conversationIds.includes(row.conversationId)) group.conversationIds.push(row.conversationId);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count || b.lastAskedAt.localeCompare(a.lastAskedAt));
}
