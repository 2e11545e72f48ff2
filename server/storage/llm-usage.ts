import { and, eq, isNull, sql } from 'drizzle-orm';
import { llmUsage } from '../../shared/schema';
import type { Queryable } from '../db/client';
import { preparedPerDatabase } from './prepared-query';

/** Tokens spent on `day` (YYYY-MM-DD, UTC); 0 before the first call of the day. */
export async function getTokensSpent(db: Queryable, day: string): Promise<number> {
  const [row] = await tokensSpentQuery(db).execute({ day });
  return row?.tokens ?? 0;
}

const tokensSpentQuery = preparedPerDatabase((db) =>
  db
    .select({ tokens: llmUsage.tokens })
    .from(llmUsage)
    .where(eq(llmUsage.day, sql.placeholder('day')))
    .prepare(''),
);

/**
 * Adds `tokens` to the day's total in one statement and returns the new total, so concurrent
 * calls on any instance all count.
 */
export async function addTokensSpent(db: Queryable, day: string, tokens: number): Promise<number> {
  const [row] = await addTokensQuery(db).execute({ day, tokens });
  return row!.tokens;
}

// Run after every model call: built once per database.
const addTokensQuery = preparedPerDatabase((db) =>
  db
    .insert(llmUsage)
    .values({ day: sql.placeholder('day'), tokens: sql.placeholder('tokens') })
    .onConflictDoUpdate({
      target: llmUsage.day,
      set: { tokens: sql`${llmUsage.tokens} + excluded.tokens` },
    })
    .returning({ tokens: llmUsage.tokens })
    .prepare(''),
);

/** Marks the day's warning as sent; true only for the one caller that set the mark. */
export async function claimBudgetWarning(db: Queryable, day: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(llmUsage)
    .set({ warnedAt: at })
    .where(and(eq(llmUsage.day, day), isNull(llmUsage.warnedAt)))
    .returning({ day: llmUsage.day });
  return rows.length > 0;
}
