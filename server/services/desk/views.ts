import type { ConversationSummary, MailView, SubscriberView } from '../../../shared/owner-desk';
import type { EmailOutboxEntry, VoiceSession } from '../../../shared/schema';
import type { ConversationSummaryRow } from '../../storage/conversation-summaries';

// The owner desk's rows as its API shows them (dates as ISO strings).

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

export function toMailView(row: EmailOutboxEntry): MailView {
  return {
    id: row.id,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    hasInvite: row.icsContent !== null,
    contactRequestId: row.contactRequestId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export function toSessionView(session: VoiceSession): SubscriberView['recentSessions'][number] {
  return {
    id: session.id,
    status: session.status,
    createdAt: session.createdAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
    minutes: session.billedMinutes ?? (session.duration === null ? null : Math.ceil(session.duration / 60)),
  };
}
