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
}

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

/** The exported transcript (GET /api/conversations/:id/transcript). */
export interface Transcript {
  conversation: { id: string; createdAt: string };
  owner: { name: string; title: string };
  exportedAt: string;
  messages: ChatMessage[];
}
