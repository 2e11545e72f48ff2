import { and, eq } from 'drizzle-orm';
import { checkoutSessions } from '../../shared/schema';
import type { Queryable } from '../db/client';

export type StoredCheckoutSession = typeof checkoutSessions.$inferSelect;

export async function findCheckoutSession(
  db: Queryable,
  userId: string,
): Promise<StoredCheckoutSession | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, userId));
  return row;
}

/** Claims the user's row when there is none; false when another request holds it already. */
export async function insertCheckoutClaim(
  db: Queryable,
  claim: { userId: string; plan: string; claimId: string; claimedAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(checkoutSessions)
    .values(claim)
    .onConflictDoNothing({ target: checkoutSessions.userId })
    .returning({ userId: checkoutSessions.userId });
  return rows.length > 0;
}

/**
 * Takes the row over from the claim that was read (its session is not reusable, or its creator
 * vanished); false when another request took it first.
 */
export async function takeOverCheckoutClaim(
  db: Queryable,
  previousClaimId: string,
  claim: { userId: string; plan: string; claimId: string; claimedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({
      plan: claim.plan,
      claimId: claim.claimId,
      claimedAt: claim.claimedAt,
      sessionId: null,
      url: null,
      reuseUntil: null,
    })
    .where(and(eq(checkoutSessions.userId, claim.userId), eq(checkoutSessions.claimId, previousClaimId)))
    .returning({ userId: checkoutSessions.userId });
  return rows.length > 0;
}

export async function storeClaimedCheckoutSession(
  db: Queryable,
  userId: string,
  claimId: string,
  session: { sessionId: string; url: string; reuseUntil: Date },
): Promise<void> {
  await db
    .update(checkoutSessions)
    .set(session)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.claimId, claimId)));
}

export async function releaseCheckoutClaim(db: Queryable, userId: string, claimId: string): Promise<void> {
  await db
    .delete(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.claimId, claimId)));
}
