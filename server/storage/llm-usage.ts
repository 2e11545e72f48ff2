import { and, eq, isNull, sql } from 'drizzle-orm';
import { llmUsage } from '../../shared/schema';
import type { Database, Queryable } from '../db/client';
import { batchStatements, groupBy } from '../db/statement-batch';
import { perDatabase, preparedPerDatabase } from './prepared-query';

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
 * Adds `tokens` to the day's total and returns the new total, so concurrent calls on any instance
 * all count. The calls of the moment are added in one statement (a row every chat would otherwise
 * lock in turn); each gets the total as it stood after its own tokens, so exactly one call sees
 * the total cross a given mark.
 */
export function addTokensSpent(db: Database, day: string, tokens: number): Promise<number> {
  return tokenAdditions(db)({ day, tokens });
}

const tokenAdditions = perDatabase((db) =>
  batchStatements<{ day: string; tokens: number }, number>(async (additions) => {
    const totals = new Map<{ day: string; tokens: number }, number>();
    for (const group of groupBy(additions, (addition) => addition.day)) {
      const added = group.reduce((sum, addition) => sum + addition.tokens, 0);
      const [row] = await tokensAddition(db).execute({ day: group[0]!.day, tokens: added });
      let total = row!.tokens - added;
      for (const addition of group) totals.set(addition, (total += addition.tokens));
    }
    return additions.map((addition) => totals.get(addition)!);
  }),
);

const tokensAddition = preparedPerDatabase((db) =>
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
