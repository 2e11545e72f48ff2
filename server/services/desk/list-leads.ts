import type { LeadsView, LeadView } from '../../../shared/owner-desk';
import type { ContactRequest } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { listOpenCalls, listOpenFreeTextRequests } from '../../storage/contact-request-status';
import { listConversationSummariesByIds } from '../../storage/conversation-summaries';
import { toContactRequestView } from '../booking/views';
import { toConversationSummary } from './views';

const MAX_LEADS = 200;

/** The owner's open calls and requests, each with a summary of the chat it came from. */
export async function listLeads(db: Queryable): Promise<LeadsView> {
  const [calls, requests] = [
    await listOpenCalls(db, MAX_LEADS),
    await listOpenFreeTextRequests(db, MAX_LEADS),
  ];
  const conversationIds = [...calls, ...requests].flatMap((row) =>
    row.conversationId ? [row.conversationId] : [],
  );
  const summaries = new Map(
    (await listConversationSummariesByIds(db, [...new Set(conversationIds)])).map((row) => [
      row.id,
      toConversationSummary(row),
    ]),
  );
  const toLead = (row: ContactRequest): LeadView => ({
    ...toContactRequestView(row),
    completedAt: row.completedAt?.toISOString() ?? null,
    conversation: (row.conversationId && summaries.get(row.conversationId)) || null,
  });
  return { calls: calls.map(toLead), requests: requests.map(toLead) };
}
