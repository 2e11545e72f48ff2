import {
  DESK_PAGE_SIZE,
  type LeadList,
  type LeadPage,
  type LeadsView,
  type LeadView,
} from '../../../shared/owner-desk';
import type { Queryable } from '../../db/client';
import {
  listOpenCalls,
  listOpenFreeTextRequests,
  type ListedContactRequest,
} from '../../storage/contact-request-status';
import { listConversationSummariesByIds } from '../../storage/conversation-summaries';
import { toContactRequestView } from '../booking/views';
import { decodePageCursor, toPage } from './page-cursor';
import { toConversationSummary } from './views';

/** The first page of the owner's open calls and of their open requests, each with the chat it came from. */
export async function listLeads(db: Queryable): Promise<LeadsView> {
  const calls = await readLeadPage(db, 'calls');
  const requests = await readLeadPage(db, 'requests');
  const leads = await toLeads(db, [...calls.rows, ...requests.rows]);
  return {
    calls: leads.slice(0, calls.rows.length),
    requests: leads.slice(calls.rows.length),
    nextCallsCursor: calls.nextCursor,
    nextRequestsCursor: requests.nextCursor,
  };
}

/** One page of open calls (soonest first) or open requests (newest first), after `cursor`. */
export async function listLeadPage(db: Queryable, list: LeadList, cursor?: string): Promise<LeadPage> {
  const page = await readLeadPage(db, list, cursor);
  return { leads: await toLeads(db, page.rows), nextCursor: page.nextCursor };
}

async function readLeadPage(db: Queryable, list: LeadList, cursor?: string) {
  const position = cursor ? decodePageCursor(cursor) : undefined;
  const limit = DESK_PAGE_SIZE + 1;
  const rows =
    list === 'calls'
      ? await listOpenCalls(db, { after: position, limit })
      : await listOpenFreeTextRequests(db, { before: position, limit });
  return toPage(rows, DESK_PAGE_SIZE, (row) => ({ at: row.positionText, id: row.id }));
}

/** The rows as the desk shows them, with a summary of each one's chat, read in one query. */
async function toLeads(db: Queryable, rows: ListedContactRequest[]): Promise<LeadView[]> {
  const conversationIds = rows.flatMap((row) => (row.conversationId ? [row.conversationId] : []));
  const summaries = new Map(
    (await listConversationSummariesByIds(db, [...new Set(conversationIds)])).map((row) => [
      row.id,
      toConversationSummary(row),
    ]),
  );
  return rows.map((row) => ({
    ...toContactRequestView(row),
    completedAt: row.completedAt?.toISOString() ?? null,
    conversation: (row.conversationId && summaries.get(row.conversationId)) || null,
  }));
}
