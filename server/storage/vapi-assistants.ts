import { and, desc, eq, ne } from 'drizzle-orm';
import { vapiAssistants, type VapiAssistant } from '../../shared/schema';
import type { Queryable } from '../db/client';

/** The assistant in use: the newest active row. */
export async function findActiveVapiAssistant(db: Queryable): Promise<VapiAssistant | undefined> {
  const [row] = await db
    .select()
    .from(vapiAssistants)
    .where(eq(vapiAssistants.isActive, true))
    .orderBy(desc(vapiAssistants.createdAt))
    .limit(1);
  return row;
}

/** Stores (or re-activates) the assistant with this id and makes it the only active one. */
export async function saveActiveVapiAssistant(
  db: Queryable,
  values: Pick<VapiAssistant, 'name' | 'vapiAssistantId' | 'configuration'>,
): Promise<VapiAssistant> {
  await db
    .update(vapiAssistants)
    .set({ isActive: false })
    .where(
      and(eq(vapiAssistants.isActive, true), ne(vapiAssistants.vapiAssistantId, values.vapiAssistantId)),
    );
  const [row] = await db
    .insert(vapiAssistants)
    .values({ ...values, isActive: true })
    .onConflictDoUpdate({
      target: vapiAssistants.vapiAssistantId,
      set: { name: values.name, configuration: values.configuration, isActive: true },
    })
    .returning();
  return row!;
}
