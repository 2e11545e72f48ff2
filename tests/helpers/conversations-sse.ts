import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createParser } from 'eventsource-parser';
import type { Express } from 'express';
import request from 'supertest';
import type { ChatMessage, ChatStreamEvent } from '../../shared/chat';

/** Parses a whole text/event-stream body into the chat's events, in order. */
export function parseChatStream(body: string): ChatStreamEvent[] {
  const events: ChatStreamEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      events.push({ event: message.event, data: JSON.parse(message.data) } as ChatStreamEvent);
    },
  });
  parser.feed(body);
  return events;
}

/** The concatenated text of the delta events. */
export function joinDeltas(events: ChatStreamEvent[]): string {
  return events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('');
}

/** An app, or the base URL of a server listening with one (http://127.0.0.1:PORT). */
export type ChatTarget = Express | string;

/**
 * The chat API of an app, for the conversation suites. `app` is read on every call (the suites
 * build their apps in hooks); each helper also takes another app as its last argument.
 */
export function chatApi(app: () => ChatTarget) {
  // Each conversation is used with the browser key it was created with, as its browser would.
  const cookies = new Map<string, string>();
  const cookieOf = (id: string) => cookies.get(id) ?? '';
  /** A new conversation in a new browser, or in the browser that made `sameBrowserAs`. */
  const createConversation = async (target = app(), sameBrowserAs?: string) => {
    const req = request(target).post('/api/conversations');
    if (sameBrowserAs) req.set('Cookie', cookieOf(sameBrowserAs));
    const res = await req.expect(201);
    const id = res.body.id as string;
    cookies.set(id, sameBrowserAs ? cookieOf(sameBrowserAs) : browserKeyCookieOf(res.headers['set-cookie']));
    return id;
  };
  /** POSTs a message and answers with JSON (the reply, or the refusal). */
  const send = (id: string, content: unknown, target = app()) =>
    request(target).post(`/api/conversations/${id}/messages`).set('Cookie', cookieOf(id)).send({ content });
  /** POSTs a message asking for the reply as server-sent events. */
  const stream = (id: string, content: string, target = app()) =>
    request(target)
      .post(`/api/conversations/${id}/messages`)
      .set('Cookie', cookieOf(id))
      .set('Accept', 'text/event-stream')
      .send({ content });
  const listMessages = async (id: string, target = app()) =>
    (await request(target).get(`/api/conversations/${id}/messages`).set('Cookie', cookieOf(id)).expect(200))
      .body as ChatMessage[];
  /** A visitor's question in a new conversation: answers the reply's text. */
  const ask = async (question: string, target = app()) =>
    (await send(await createConversation(target), question, target).expect(200)).body.assistantMessage
      .content as string;
  return { createConversation, send, stream, listMessages, cookieOf, ask };
}

/** `browser_key=...` from a response's Set-Cookie headers, ready for a Cookie header. */
export function browserKeyCookieOf(setCookie: string | string[] | undefined): string {
  const headers = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookie = headers.find((header) => header.startsWith('browser_key='));
  if (!cookie) throw new Error('no browser_key cookie was set');
  return cookie.split(';')[0]!;
}

/**
 * Plays a visitor who asks for a streamed reply (to a new message, or a regenerated one with
 * `action`) over a real connection and leaves once `deltas` delta events have arrived. Throws if
 * the stream ends before that (the reply was too short to leave in the middle). Answers what was
 * received.
 */
export async function streamThenDisconnect(
  app: Express,
  id: string,
  content: string,
  {
    deltas,
    cookie = '',
    action = 'messages',
  }: { deltas: number; cookie?: string; action?: 'messages' | 'regenerate' },
): Promise<string> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const res = await fetch(`${base}/api/conversations/${id}/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', Cookie: cookie },
      body: JSON.stringify(action === 'messages' ? { content } : {}),
      signal: controller.signal,
    });
    if (res.status !== 200 || !res.body) throw new Error(`expected a stream, got ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while ((received.match(/event: delta/g) ?? []).length < deltas) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before ${deltas} deltas: ${received}`);
      received += decoder.decode(value, { stream: true });
    }
    controller.abort();
    return received;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
