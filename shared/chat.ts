import { z } from 'zod';
import { text } from './text';

// The chat API contract, used by the server routes and the client.

export const MAX_MESSAGE_LENGTH = 4000;

export const sendMessageSchema = z.object({
  content: text({ error: 'Message content must be text.' })
    .trim()
    .min(1, 'Message cannot be empty.')
    .max(MAX_MESSAGE_LENGTH, `Message is too long (at most ${MAX_MESSAGE_LENGTH} characters).`),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** A message as the client sees it; timestamps cross the wire as ISO strings. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  /** Set (true) on a reply the visitor stopped: it is kept as far as it got. */
  isStopped?: true;
}

/** One of this browser's conversations, in GET /api/conversations (newest activity first). */
export interface ConversationSummary {
  id: string;
  /** The start of the visitor's first message. */
  title: string;
  createdAt: string;
  /** When its newest message was written. */
  lastMessageAt: string;
  messageCount: number;
}

/** The longest title a conversation summary carries. */
export const CONVERSATION_TITLE_LENGTH = 80;

export interface CreatedConversation {
  id: string;
}

/** JSON answer of POST /api/conversations/:id/messages (no `Accept: text/event-stream`). */
export interface SendMessageResponse {
  userMessage: ChatMessage;
  assistantMessage: ChatMessage;
  shouldShowContactForm: boolean;
}

/**
 * Server-sent events of POST /api/conversations/:id/messages with `Accept: text/event-stream`,
 * in this order: one `user` (the stored visitor message), any number of `delta`, then exactly one
 * of `done` or `error`. A client that aborts the request stops the model; whatever part of the
 * reply was already produced is stored as the assistant message.
 * A refused request (400, 404, 413, 429) gets a plain JSON `{message}` answer with its status
 * instead of a stream; `error` events carry model failures (502/503/504) after `user`, when the
 * visitor message is already stored.
 */
export type ChatStreamEvent =
  | { event: 'user'; data: { message: ChatMessage } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessage; shouldShowContactForm: boolean } }
  | { event: 'error'; data: { message: string; status: number } };

/**
 * POST /api/conversations/:id/regenerate replaces the clone's last reply with a new one. With
 * `Accept: text/event-stream` it streams `delta` events, then `done` (the stored reply, which
 * replaced the old one; shouldShowContactForm is always false) or `error`; without, it answers
 * {assistantMessage}. 409 when the conversation's last message is not the clone's. Stopped
 * midway, the part produced replaces the old reply, marked as stopped; stopped before any word,
 * the old reply stays.
 */
export interface RegenerateResponse {
  assistantMessage: ChatMessage;
}

/** The exported transcript (GET /api/conversations/:id/transcript). */
export interface Transcript {
  conversation: { id: string; createdAt: string };
  owner: { name: string; title: string };
  exportedAt: string;
  messages: ChatMessage[];
}
