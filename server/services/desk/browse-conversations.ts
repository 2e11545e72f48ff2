import type { ConversationPage, ConversationTranscript } from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { listContactRequestsByConversation } from '../../storage/contact-request-status';
import { findConversationSummary, searchConversationSummaries } from '../../storage/conversation-summaries';
import { listMessages } from '../../storage/messages';
import { listUnansweredQuestionsByConversation } from '../../storage/unanswered-questions';
import { toContactRequestView } from '../booking/views';
import { toConversationSummary } from './views';

const PAGE_SIZE = 30;

/** Conversations with messages, newest first, searched by message text, visitor name or e-mail. */
export async function listConversations(
  db: Queryable,
  { q, cursor }: { q?: string; cursor?: string },
): Promise<ConversationPage> {
  const rows = await searchConversationSummaries(db, {
    text: q || undefined,
    before: cursor ? decodeCursor(cursor) : undefined,
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    conversations: page.map(toConversationSummary),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(last.createdAtText, last.id) : null,
  };
}

export async function getConversationTranscript(db: Queryable, id: string): Promise<ConversationTranscript> {
  const summary = isUuid(id) ? await findConversationSummary(db, id) : undefined;
  if (!summary) throw notFound('This conversation does not exist.');
  const [messages, requests, questions] = [
    await listMessages(db, id),
    await listContactRequestsByConversation(db, id),
    await listUnansweredQuestionsByConversation(db, id),
  ];
  return {
    conversation: {
      ...toConversationSummary(summary),
      visitorPhone: summary.visitorPhone,
      purpose: summary.purpose,
    },
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      timestamp: m.timestamp.toISOString(),
    })),
    contactRequests: requests.map(toContactRequestView),
    unansweredQuestions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      createdAt: q.createdAt.toISOString(),
    })),
  };
}

const POSTGRES_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/;

// The cursor is opaque to clients: the last row's exact created_at and id.
function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      POSTGRES_TIMESTAMP.test(value[0]) &&
      typeof value[1] === 'string' &&
      isUuid(value[1])
    )
      return { createdAt: value[0], id: value[1] };
  } catch {
    // falls through to the 400
  }
  throw badRequest('This page cursor is not valid.');
}
