import {
  CONVERSATION_TITLE_LENGTH,
  type ChatMessage,
  type ConversationSummary,
  type CreatedConversation,
  type Transcript,
} from '../../../shared/chat';
import type { ProfileFile } from '../../../shared/content';
import type { Conversation, Message } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { isSameSecret } from '../../lib/secrets';
import { listOwnedConversationSummaries } from '../../storage/conversation-summaries';
import { deleteOwnedConversation, findConversation, insertConversation } from '../../storage/conversations';
import { listMessages } from '../../storage/messages';
import { toChatMessage } from './views';

export const CONVERSATION_NOT_FOUND = 'This conversation does not exist.';

/** How many of its conversations a browser's list shows. */
export const OWN_CONVERSATIONS_LIMIT = 50;

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
 * The conversations this browser started that hold messages, latest activity first: a browser
 * without a key has none, and no other browser's ever appear.
 */
export async function listOwnConversations(
  db: Queryable,
  ownerKeyHash: string | undefined,
): Promise<ConversationSummary[]> {
  if (!ownerKeyHash) return [];
  const rows = await listOwnedConversationSummaries(db, ownerKeyHash, OWN_CONVERSATIONS_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: toTitle(row.firstQuestion),
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastActivityAt.toISOString(),
    messageCount: row.messageCount,
  }));
}

function toTitle(firstQuestion: string | null): string {
  // By code points, so an emoji is never cut in half.
  const chars = Array.from((firstQuestion ?? '').replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return 'Conversation';
  if (chars.length <= CONVERSATION_TITLE_LENGTH) return chars.join('');
  return `${chars
    .slice(0, CONVERSATION_TITLE_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
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

/** Chat roles only: storage allows other roles, which the chat does not show. */
function toChatMessages(rows: Message[]): ChatMessage[] {
  return rows.filter((row) => row.role === 'user' || row.role === 'assistant').map(toChatMessage);
}
