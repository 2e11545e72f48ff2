import { and, eq } from 'drizzle-orm';
import { conversations, type Conversation } from '../../shared/schema';
import type { Queryable } from '../db/client';

export async function insertConversation(
  db: Queryable,
  ownerKeyHash: string | null = null,
): Promise<Conversation> {
  const [row] = await db.insert(conversations).values({ ownerKeyHash }).returning();
  return row!;
}

/** Deletes the conversation if this browser owns it (messages go with it); false otherwise. */
export async function deleteOwnedConversation(
  db: Queryable,
  id: string,
  ownerKeyHash: string,
): Promise<boolean> {
  const rows = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerKeyHash, ownerKeyHash)))
    .returning({ id: conversations.id });
  return rows.length > 0;
}

export async function findConversation(db: Queryable, id: string): Promise<Conversation | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1);
  return row;
}
