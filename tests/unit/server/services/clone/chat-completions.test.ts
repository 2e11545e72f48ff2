import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ModelHttpError,
  ModelStreamError,
  ModelTimeoutError,
  openCompletionStream,
  type ChatCompletionChunk,
} from '../../../../../server/services/clone/chat-completions';

// The stream reader against a server that writes the wire format byte by byte as servers do:
// events split across packets, CRLF line ends, comments, an error object, an error status.

type Answer = (res: http.ServerResponse, body: string) => void | Promise<void>;

let server: http.Server;
let answer: Answer;
let baseURL: string;
let dispatcher: Agent;
const sockets: Socket[] = [];
const requests: Array<{ headers: http.IncomingHttpHeaders; body: string; socket: Socket }> = [];

beforeEach(async () => {
  requests.length = 0;
  sockets.length = 0;
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (text: string) => (body += text));
    req.on('end', () => {
      requests.push({ headers: req.headers, body, socket: req.socket });
      void answer(res, body);
    });
  });
  server.on('connection', (socket: Socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  dispatcher = new Agent();
});

afterEach(async () => {
  await dispatcher.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const open = (overrides: { timeoutMs?: number; signal?: AbortSignal; onRequestSent?: () => void } = {}) =>
  openCompletionStream({
    baseURL,
    apiKey: 'sk-test',
    body: { model: 'm', stream: true, messages: [{ role: 'user', content: 'Olá' }] },
    dispatcher,
    timeoutMs: overrides.timeoutMs ?? 2_000,
    pauseTimeoutMs: 2_000,
    signal: overrides.signal ?? new AbortController().signal,
    onRequestSent: overrides.onRequestSent,
  });

const chunk = (content: string) => JSON.stringify({ choices: [{ delta: { content } }] });
const textOf = async (chunks: AsyncIterable<ChatCompletionChunk>) => {
  let text = '';
  for await (const part of chunks) text += part.choices[0]?.delta?.content ?? '';
  return text;
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('openCompletionStream', () => {
  it('posts the JSON body with the key and reads every chunk, however the bytes are split', async () => {
    // Split inside a comment, inside the JSON and inside a multi-byte character.
    answer = async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const bytes = Buffer.from(
        `: keep-alive\r\n\r\ndata: ${chunk('Olá, ')}\r\n\r\ndata: ${chunk('mundo €')}\n\ndata: [DONE]\n\n`,
      );
      let from = 0;
      for (const to of [3, 20, 44, bytes.indexOf('€') + 1, bytes.length]) {
        res.write(bytes.subarray(from, to));
        from = to;
        await pause();
      }
      res.end();
    };
    expect(await textOf(await open())).toBe('Olá, mundo €');
    expect(requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ stream: true, messages: [{ content: 'Olá' }] });
  });

  it('tells when the request has left, and keeps the connection for the next request', async () => {
    // The response ends a moment after its `[DONE]`: a reader that stopped there would close it.
    answer = async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${chunk('Hi')}\n\ndata: [DONE]\n\n`);
      await pause();
      res.end();
    };
    const sent: string[] = [];
    const first = await open({ onRequestSent: () => sent.push('first') });
    expect(sent).toEqual(['first']);
    expect(await textOf(first)).toBe('Hi');
    // undici hands the connection back once it has read the response's end, a moment later.
    await pause();
    expect(await textOf(await open())).toBe('Hi');
    expect(sent).toEqual(['first']);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.socket).toBe(requests[0]!.socket);
  });

  it('rejects an error status with its status only, and an error in the stream', async () => {
    answer = (res) => {
      res.writeHead(429, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached for the words you sent' } }));
    };
    const refused = await open().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ModelHttpError);
    expect((refused as ModelHttpError).status).toBe(429);
    expect((refused as Error).message).not.toContain('words you sent');

    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end(`data: ${chunk('Hi')}\n\ndata: {"error":{"message":"overloaded"}}\n\n`);
    };
    await expect(textOf(await open())).rejects.toBeInstanceOf(ModelStreamError);
  });

  it('gives up when the response does not start in time, and when the visitor leaves', async () => {
    answer = () => {};
    await expect(open({ timeoutMs: 100 })).rejects.toBeInstanceOf(ModelTimeoutError);

    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${chunk('Hi')}\n\n`);
    };
    const visitor = new AbortController();
    const chunks = (await open({ signal: visitor.signal }))[Symbol.asyncIterator]();
    expect((await chunks.next()).value).toEqual(JSON.parse(chunk('Hi')));
    visitor.abort();
    await expect(chunks.next()).rejects.toThrow();
  });

  it('holds chunks the reader has not asked for yet, in order, and closes the request of a reader that stops', async () => {
    // 100 chunks in one write: more than are parsed ahead before the body is paused.
    answer = (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(Array.from({ length: 100 }, (_, i) => `data: ${chunk(`${i} `)}\n\n`).join(''));
    };
    const chunks = (await open())[Symbol.asyncIterator]();
    await pause();
    const texts: string[] = [];
    for (let i = 0; i < 100; i++) texts.push((await chunks.next()).value?.choices[0]?.delta?.content ?? '');
    expect(texts.join('')).toBe(Array.from({ length: 100 }, (_, i) => `${i} `).join(''));
    const closed = new Promise((resolve) => requests[0]!.socket.once('close', resolve));
    await chunks.return?.();
    await closed;
    expect(await chunks.next()).toEqual({ value: undefined, done: true });
  });
});
