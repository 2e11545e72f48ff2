import type { ChatMessage, CreatedConversation, Transcript } from '../../../shared/chat';
import type { ProfileFile } from '../../../shared/content';
import type { Conversation, Message } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { isSameSecret } from '../../lib/secrets';
import { deleteOwnedConversation, findConversation, insertConversation } from '../../storage/conversations';
import { listMessages } from '../../storage/messages';

export const CONVERSATION_NOT_FOUND = 'This conversation does not exist.';

/** A new conversation owned by the browser whose key hashes to `ownerKeyHash` (null: nobody's). */
export async function createConversation(
  db: Queryable,
  ownerKeyHash: string | null = null,
): Promise<CreatedConversation> {
  const conversation = await insertConversation(db, ownerKeyHash);
  return { id: conversation.id };
}

/** Whether the browser with this key hash started the conversation. */
export function isOwnedBy(
  conversation: Pick<Conversation, 'ownerKeyHash'>,
  ownerKeyHash: string | undefined,
): boolean {
  return Boolean(
    ownerKeyHash && conversation.ownerKeyHash && isSameSecret(ownerKeyHash, conversation.ownerKeyHash),
  );
}

/**
 * The conversation with this id if this browser started it. A malformed id, a missing one and
 * another browser's are all the same 404: the id alone (it is in exported transcripts) reveals
 * and grants nothing.
 */
export async function requireOwnedConversation(
  db: Queryable,
  id: string,
  ownerKeyHash: string | undefined,
): Promise<Conversation> {
  if (!isUuid(id) || !ownerKeyHash) throw notFound(CONVERSATION_NOT_FOUND);
  const conversation = await findConversation(db, id);
  if (!conversation || !isOwnedBy(conversation, ownerKeyHash)) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

export async function listConversationMessages(
  db: Queryable,
  id: string,
  ownerKeyHash: string | undefined,
): Promise<ChatMessage[]> {
  await requireOwnedConversation(db, id, ownerKeyHash);
  return toChatMessages(await listMessages(db, id));
}

/**
 * Deletes the browser's own conversation with its messages; a booking made from it stays and
 * only loses the link (the foreign key sets it null).
 */
export async function deleteConversation(
  db: Queryable,
  id: string,
  ownerKeyHash: string | undefined,
): Promise<void> {
  if (!isUuid(id) || !ownerKeyHash) throw notFound(CONVERSATION_NOT_FOUND);
  if (!(await deleteOwnedConversation(db, id, ownerKeyHash))) throw notFound(CONVERSATION_NOT_FOUND);
}

/**
 * The downloadable transcript and its file name, dated by `now` (UTC) for API clients; the
 * browser names its download by the visitor's local date instead. Only for the browser that
 * started the conversation.
 */
export async function exportTranscript(
  db: Queryable,
  id: string,
  ownerKeyHash: string | undefined,
  owner: Pick<ProfileFile, 'name' | 'title'>,
  now: Date,
): Promise<{ fileName: string; transcript: Transcript }> {
  return buildTranscript(db, await requireOwnedConversation(db, id, ownerKeyHash), owner, now);
}

/** The same transcript for the site owner (owner API, which checks the owner's token). */
export async function exportTranscriptForSiteOwner(
  db: Queryable,
  id: string,
  owner: Pick<ProfileFile, 'name' | 'title'>,
  now: Date,
): Promise<{ fileName: string; transcript: Transcript }> {
  const conversation = isUuid(id) ? await findConversation(db, id) : undefined;
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return buildTranscript(db, conversation, owner, now);
}

async function buildTranscript(
  db: Queryable,
  conversation: Conversation,
  owner: Pick<ProfileFile, 'name' | 'title'>,
  now: Date,
): Promise<{ fileName: string; transcript: Transcript }> {
  const messages = toChatMessages(await listMessages(db, conversation.id));
  return {
    fileName: `conversation-transcript-${now.toISOString().slice(0, 10)}.json`,
    transcript: {
      conversation: { id: conversation.id, createdAt: conversation.createdAt.toISOString() },
      owner: { name: owner.name, title: owner.title },
      exportedAt: now.toISOString(),
      messages,
    },
  };
}

export function toChatMessage(row: Message): ChatMessage {
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    timestamp: row.timestamp.toISOString(),
  };
}

/** Chat roles only: storage allows other roles, which the chat does not show. */
function toChatMessages(rows: Message[]): ChatMessage[] {
  return rows.filter((row) => row.role === 'user' || row.role === 'assistant').map(toChatMessage);
}
