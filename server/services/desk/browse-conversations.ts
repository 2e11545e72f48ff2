import {
  DESK_PAGE_SIZE,
  type ConversationPage,
  type ConversationTranscript,
} from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { isUuid } from '../../../shared/ids';
import { listContactRequestsByConversation } from '../../storage/contact-request-status';
import { findConversationSummary, searchConversationSummaries } from '../../storage/conversation-summaries';
import { listMessages } from '../../storage/messages';
import { listUnansweredQuestionsByConversation } from '../../storage/unanswered-questions';
import { toContactRequestView } from '../booking/views';
import { decodePageCursor, toPage } from './page-cursor';
import { toConversationSummary } from './views';

/** Conversations with messages, newest first, searched by message text, visitor name or e-mail. */
export async function listConversations(
  db: Queryable,
  { q, cursor }: { q?: string; cursor?: string },
): Promise<ConversationPage> {
  const rows = await searchConversationSummaries(db, {
    text: q || undefined,
    before: cursor ? decodePageCursor(cursor) : undefined,
    limit: DESK_PAGE_SIZE + 1,
  });
  const page = toPage(rows, DESK_PAGE_SIZE, (row) => ({ at: row.createdAtText, id: row.id }));
  return { conversations: page.rows.map(toConversationSummary), nextCursor: page.nextCursor };
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
