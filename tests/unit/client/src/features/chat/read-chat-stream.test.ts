import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/chat';
import { ChatStreamError, readChatStream } from '@/features/chat/read-chat-stream';

const USER: ChatMessage = { id: 'u1', role: 'user', content: 'Hi', timestamp: '2026-03-09T15:00:00.000Z' };
const REPLY: ChatMessage = {
  id: 'a1',
  role: 'assistant',
  content: 'Hello there',
  timestamp: '2026-03-09T15:00:01.000Z',
};

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** An event-stream response delivered in the given chunks (split anywhere, even mid-character). */
function sse(chunks: (string | Uint8Array)[], { close = true } = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      if (close) controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
}

describe('readChatStream', () => {
  it('reports the stored visitor message and each delta, then resolves with the stored reply', async () => {
    const text =
      frame('user', { message: USER }) +
      frame('delta', { text: 'Hello ' }) +
      frame('delta', { text: 'there' });
    // Split into awkward pieces: inside a field name, inside JSON, between the two newlines.
    const pieces = [text.slice(0, 7), text.slice(7, 60), text.slice(60, text.length - 1), text.slice(-1)];
    const done = frame('done', { message: REPLY, shouldShowContactForm: true });
    const onUserMessage = vi.fn();
    const deltas: string[] = [];

    const result = await readChatStream(sse([...pieces, done]), {
      onUserMessage,
      onDelta: (d) => deltas.push(d),
    });

    expect(onUserMessage).toHaveBeenCalledWith(USER);
    expect(deltas).toEqual(['Hello ', 'there']);
    expect(result).toEqual({ message: REPLY, shouldShowContactForm: true });
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode(
      frame('delta', { text: 'Grüße 👋' }) + frame('done', { message: REPLY, shouldShowContactForm: false }),
    );
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji's four bytes
    const deltas: string[] = [];
    await readChatStream(sse([bytes.slice(0, cut), bytes.slice(cut)]), { onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Grüße 👋']);
  });

  it('resolves at `done` without waiting for the connection to close', async () => {
    const result = await readChatStream(
      sse([frame('done', { message: REPLY, shouldShowContactForm: false })], { close: false }),
      {},
    );
    expect(result.message).toEqual(REPLY);
  });

  it('rejects with the server’s message on an `error` event', async () => {
    const stream = sse([
      frame('user', { message: USER }),
      frame('error', { message: 'The AI clone is unavailable.', status: 503 }),
    ]);
    const error = await readChatStream(stream, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatStreamError);
    expect(error).toMatchObject({ message: 'The AI clone is unavailable.', status: 503 });
  });

  it('rejects when the stream ends before `done`', async () => {
    await expect(readChatStream(sse([frame('delta', { text: 'Hel' })]), {})).rejects.toThrow(
      'The reply ended before it was complete.',
    );
  });

  it('reads a plain JSON answer as one delta', async () => {
    const res = new Response(
      JSON.stringify({ userMessage: USER, assistantMessage: REPLY, shouldShowContactForm: false }),
      {
        headers: { 'Content-Type': 'application/json' },
      },
    );
    const deltas: string[] = [];
    const result = await readChatStream(res, { onDelta: (d) => deltas.push(d) });
    expect(deltas).toEqual(['Hello there']);
    expect(result).toEqual({ message: REPLY, shouldShowContactForm: false });
  });
});
