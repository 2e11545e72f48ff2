import type { ChatMessage } from '../../../shared/chat';
import type { Message, UnansweredQuestion } from '../../../shared/schema';

// The chat domain's rows as the API shows them (dates as ISO strings).

export function toChatMessage(row: Message): ChatMessage {
  return {
    id: row.id,
    role: row.role === 'assistant' ? 'assistant' : 'user',
    content: row.content,
    timestamp: row.timestamp.toISOString(),
    ...(row.isStopped && row.role === 'assistant' ? { isStopped: true as const } : {}),
  };
}

/** GET /api/owner/unanswered-questions: one question the clone could not answer. */
export interface UnansweredQuestionView {
  id: string;
  conversationId: string;
  question: string;
  createdAt: string;
}

export function toUnansweredQuestionView(row: UnansweredQuestion): UnansweredQuestionView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    question: row.question,
    createdAt: row.createdAt.toISOString(),
  };
}
