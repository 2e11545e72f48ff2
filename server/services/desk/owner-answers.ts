import { isUuid } from '../../../shared/ids';
import type { OwnerAnswerInput, OwnerAnswerView } from '../../../shared/owner-answers';
import type { OwnerAnswer } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import type { Queryable } from '../../db/client';
import { conflict, isUniqueViolation, notFound } from '../../lib/app-error';
import {
  deleteOwnerAnswer,
  insertOwnerAnswer,
  listOwnerAnswersByAge,
  listOwnerAnswersByEdit,
  updateOwnerAnswer,
} from '../../storage/owner-answers';
import { renderOwnerAnswersMarkdown } from '../clone/owner-answers-knowledge';

type AnswerContext = Pick<AppContext, 'database' | 'cloneKnowledge'>;

const NOT_FOUND_MESSAGE = 'This answer does not exist (it may have been removed).';
const DUPLICATE_MESSAGE = 'This question already has an answer: edit that one instead.';

export function toOwnerAnswerView(row: OwnerAnswer): OwnerAnswerView {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's answers, the last edited first. */
export async function listOwnerAnswers(db: Queryable): Promise<OwnerAnswerView[]> {
  return (await listOwnerAnswersByEdit(db)).map(toOwnerAnswerView);
}

/** Stores an answer; this instance's clone knows it from its next reply, the others within seconds. */
export async function createOwnerAnswer(
  { database, cloneKnowledge }: AnswerContext,
  input: OwnerAnswerInput,
): Promise<OwnerAnswerView> {
  try {
    const row = await insertOwnerAnswer(database.db, input);
    cloneKnowledge.markChanged();
    return toOwnerAnswerView(row);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(DUPLICATE_MESSAGE) : error;
  }
}

export async function editOwnerAnswer(
  { database, cloneKnowledge }: AnswerContext,
  id: string,
  input: OwnerAnswerInput,
): Promise<OwnerAnswerView> {
  if (!isUuid(id)) throw notFound(NOT_FOUND_MESSAGE);
  let row: OwnerAnswer | undefined;
  try {
    row = await updateOwnerAnswer(database.db, id, input);
  } catch (error) {
    throw isUniqueViolation(error) ? conflict(DUPLICATE_MESSAGE) : error;
  }
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  cloneKnowledge.markChanged();
  return toOwnerAnswerView(row);
}

export async function removeOwnerAnswer(
  { database, cloneKnowledge }: AnswerContext,
  id: string,
): Promise<void> {
  if (!isUuid(id) || !(await deleteOwnerAnswer(database.db, id))) throw notFound(NOT_FOUND_MESSAGE);
  cloneKnowledge.markChanged();
}

/** owner-answers.md: every answer, oldest first, as a knowledge file for content/knowledge/. */
export async function exportOwnerAnswersMarkdown(db: Queryable): Promise<string> {
  return renderOwnerAnswersMarkdown(await listOwnerAnswersByAge(db));
}
