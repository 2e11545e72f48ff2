import type { ConversationSummary } from '../../../shared/owner-desk';
import type { ConversationSummaryRow } from '../../storage/conversation-summaries';

export function toConversationSummary(row: ConversationSummaryRow): ConversationSummary {
  return {
    id: row.id,
    visitorName: row.visitorName,
    visitorEmail: row.visitorEmail,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    messageCount: row.messageCount,
    ledToBooking: row.ledToBooking,
    firstQuestion: row.firstQuestion,
  };
}
