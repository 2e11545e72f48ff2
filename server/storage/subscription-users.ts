import { eq, isNull, and, sql } from 'drizzle-orm';
import { subscriptionUsers, type SubscriptionUser } from '../../shared/schema';
import type { Queryable } from '../db/client';

// Re-exported for the billing and voice services that still import it from here.

export type SubscriptionUserPatch = Partial<
  Pick<
    SubscriptionUser,
    | 'stripeCustomerId'
    | 'stripeSubscriptionId'
    | 'subscriptionStatus'
    | 'subscriptionPlan'
    | 'voiceMinutesUsed'
    | 'voiceMinutesLimit'
    | 'currentPeriodEnd'
    | 'billingStateAt'
    | 'subscriptionStateAt'
    | 'lastPaidInvoiceId'
  >
>;

export async function findSubscriptionUserByEmail(
  db: Queryable,
  email: string,
): Promise<SubscriptionUser | undefined> {
  const [row] = await db.select().from(subscriptionUsers).where(eq(subscriptionUsers.email, email)).limit(1);
  return row;
}

export async function findSubscriptionUserById(
  db: Queryable,
  id: string,
): Promise<SubscriptionUser | undefined> {
  const [row] = await db.select().from(subscriptionUsers).where(eq(subscriptionUsers.id, id)).limit(1);
  return row;
}

/** Reads the row and locks it until the transaction ends (SELECT ... FOR UPDATE). */
export async function lockSubscriptionUser(tx: Queryable, id: string): Promise<SubscriptionUser | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionUsers)
    .where(eq(subscriptionUsers.id, id))
    .limit(1)
    .for('update');
  return row;
}

/** Locks the row holding this Stripe subscription or customer id, if any. */
export async function lockSubscriptionUserBy(
  tx: Queryable,
  column: 'stripeSubscriptionId' | 'stripeCustomerId',
  value: string,
): Promise<SubscriptionUser | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptionUsers)
    .where(eq(subscriptionUsers[column], value))
    .limit(1)
    .for('update');
  return row;
}

/** The row for this e-mail, created (inactive) when missing. One row per e-mail (unique index). */
export async function ensureSubscriptionUser(db: Queryable, email: string): Promise<SubscriptionUser> {
  await db
    .insert(subscriptionUsers)
    .values({ email })
    .onConflictDoNothing({ target: subscriptionUsers.email });
  const row = await findSubscriptionUserByEmail(db, email);
  if (!row) throw new Error('subscription user vanished after insert');
  return row;
}

/** Stores the Stripe customer unless the row already has one; returns the row as it is now. */
export async function setStripeCustomerIdIfMissing(
  db: Queryable,
  id: string,
  customerId: string,
  now: Date,
): Promise<SubscriptionUser | undefined> {
  await db
    .update(subscriptionUsers)
    .set({ stripeCustomerId: customerId, updatedAt: now })
    .where(and(eq(subscriptionUsers.id, id), isNull(subscriptionUsers.stripeCustomerId)));
  return findSubscriptionUserById(db, id);
}

export async function updateSubscriptionUser(
  db: Queryable,
  id: string,
  patch: SubscriptionUserPatch,
  now: Date,
): Promise<SubscriptionUser> {
  const [row] = await db
    .update(subscriptionUsers)
    .set({ ...patch, updatedAt: now })
    .where(eq(subscriptionUsers.id, id))
    .returning();
  return row!;
}

export async function addVoiceMinutesUsed(
  db: Queryable,
  id: string,
  minutes: number,
  now: Date,
): Promise<void> {
  await db
    .update(subscriptionUsers)
    .set({ voiceMinutesUsed: sql`${subscriptionUsers.voiceMinutesUsed} + ${minutes}`, updatedAt: now })
    .where(eq(subscriptionUsers.id, id));
}
