import type { UnansweredQuestionGroup } from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { listOwnerAnswersByAge } from '../../storage/owner-answers';
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

/**
 * The recent unanswered questions, one group per normalised question, most asked first. A question
 * the owner has answered on the desk is done: its asks up to the answer's last edit are left out,
 * and one asked again after it (the clone still could not answer) comes back.
 */
export async function groupUnansweredQuestions(db: Queryable): Promise<UnansweredQuestionGroup[]> {
  const [rows, answers] = await Promise.all([
    listRecentUnansweredQuestions(db, RECENT_QUESTIONS),
    listOwnerAnswersByAge(db),
  ]);
  const answeredAt = new Map(answers.map((answer) => [keyOf(answer.question), answer.updatedAt.getTime()]));
  const groups = new Map<string, UnansweredQuestionGroup>();
  // Rows come newest first, so each group's first row gives its wording and last-asked time.
  for (const row of rows) {
    const key = keyOf(row.question);
    if (row.createdAt.getTime() <= (answeredAt.get(key) ?? -Infinity)) continue;
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

const keyOf = (question: string) => normaliseQuestion(question) || question;
