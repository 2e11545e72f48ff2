import { eq } from 'drizzle-orm';
import { emailClaims } from '../../shared/schema';
import type { Queryable } from '../db/client';

/**
 * Claims the e-mail for this browser unless another browser did first (the primary key decides
 * a race). Returns the hash of the browser that owns it now.
 */
export async function claimEmail(db: Queryable, email: string, browserKeyHash: string): Promise<string> {
  await db.insert(emailClaims).values({ email, browserKeyHash }).onConflictDoNothing();
  const [row] = await db
    .select({ browserKeyHash: emailClaims.browserKeyHash })
    .from(emailClaims)
    .where(eq(emailClaims.email, email))
    .limit(1);
  return row!.browserKeyHash;
}
