import { eq } from 'drizzle-orm';
import { appSecrets } from '../../shared/schema';
import type { Queryable } from '../db/client';

/** Stores `value` under `name` unless a value is there already (then it is kept). */
export async function insertAppSecretIfMissing(db: Queryable, name: string, value: string): Promise<void> {
  await db.insert(appSecrets).values({ name, value }).onConflictDoNothing({ target: appSecrets.name });
}

export async function findAppSecret(db: Queryable, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row?.value;
}
