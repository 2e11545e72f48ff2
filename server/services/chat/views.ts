import type { ChatMessage } from '../../../shared/chat';
import type { Message, UnansweredQuestion } from '../../../shared/schema';
import type { UnansweredQuestionView } from './unanswered-questions';

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

export function toUnansweredQuestionView(row: UnansweredQuestion): UnansweredQuestionView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    question: row.question,
    createdAt: row.createdAt.toISOString(),
  };
}
