import type { ChatMessage, CreatedConversation, Transcript } from '../../../shared/chat';
import type { ProfileFile } from '../../../shared/content';
import type { Conversation, Message } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import { findConversation, insertConversation } from '../../storage/conversations';
import { listMessages } from '../../storage/messages';

export const CONVERSATION_NOT_FOUND = 'This conversation does not exist.';

export async function createConversation(db: Queryable): Promise<CreatedConversation> {
  const conversation = await insertConversation(db);
  return { id: conversation.id };
}

/** The conversation with this id; a malformed id is as unknown as a missing one (404). */
export async function requireConversation(db: Queryable, id: string): Promise<Conversation> {
  if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND);
  const conversation = await findConversation(db, id);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

export async function listConversationMessages(db: Queryable, id: string): Promise<ChatMessage[]> {
  await requireConversation(db, id);
  return toChatMessages(await listMessages(db, id));
}

/**
 * The downloadable transcript and its file name, dated by `now` (UTC) for API clients; the
 * browser names its download by the visitor's local date instead.
 */
export async function exportTranscript(
  db: Queryable,
  id: string,
  owner: Pick<ProfileFile, 'name' | 'title'>,
  now: Date,
): Promise<{ fileName: string; transcript: Transcript }> {
  const conversation = await requireConversation(db, id);
  const messages = toChatMessages(await listMessages(db, id));
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
