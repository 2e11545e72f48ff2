import { createParser } from 'eventsource-parser';
import type { ChatMessage, ChatStreamEvent, SendMessageResponse } from '@shared/chat';

/** The `done` event: the stored reply and whether to offer the contact form. */
export interface StreamedReply {
  message: ChatMessage;
  shouldShowContactForm: boolean;
}

/** An `error` event: the model failed after the visitor message was stored. */
export class ChatStreamError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

export interface ChatStreamHandlers {
  onUserMessage?(message: ChatMessage): void;
  onDelta?(text: string): void;
}

/**
 * Reads the answer of a streamed send (shared/chat.ts): `user`, `delta`s, then `done` or `error`.
 * A plain JSON answer (a server or proxy that ignored the Accept header) is read as one delta.
 */
export async function readChatStream(res: Response, handlers: ChatStreamHandlers): Promise<StreamedReply> {
  if (!res.headers.get('Content-Type')?.includes('text/event-stream')) {
    // A regenerated reply's answer has no visitor message and never opens the form.
    const answer = (await res.json()) as Partial<SendMessageResponse> &
      Pick<SendMessageResponse, 'assistantMessage'>;
    if (answer.userMessage) handlers.onUserMessage?.(answer.userMessage);
    handlers.onDelta?.(answer.assistantMessage.content);
    return { message: answer.assistantMessage, shouldShowContactForm: answer.shouldShowContactForm ?? false };
  }
  if (!res.body) throw new ChatStreamError('The reply could not be read.', 502);

  let result: StreamedReply | undefined;
  let failure: ChatStreamError | undefined;
  const parser = createParser({
    onEvent: ({ event, data }) => {
      if (result || failure) return;
      const parsed = { event, data: JSON.parse(data) as unknown } as ChatStreamEvent;
      switch (parsed.event) {
        case 'user':
          handlers.onUserMessage?.(parsed.data.message);
          break;
        case 'delta':
          handlers.onDelta?.(parsed.data.text);
          break;
        case 'done':
          result = parsed.data;
          break;
        case 'error':
          failure = new ChatStreamError(parsed.data.message, parsed.data.status);
          break;
      }
    },
  });

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!result && !failure) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
  if (failure) throw failure;
  if (!result) throw new ChatStreamError('The reply ended before it was complete.', 502);
  return result;
}
