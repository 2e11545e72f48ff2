import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { closeIdleConnections, type IdleCloseOptions } from './idle-connections';

// A loopback server speaking the OpenAI chat-completions wire format, so tests and benches run
// the clone's real model client over real HTTP: JSON answers, `stream: true` as server-sent chunks ending in
// `data: [DONE]`, error bodies with their status, and requests that never answer.

export type FakeBehaviour =
  | {
      kind: 'reply';
      text: string;
      chunkDelayMs?: number;
      firstChunkDelayMs?: number;
      /**
       * Token counts of the usage chunk sent when the request asks for it (`stream_options:
       * {include_usage: true}`), like OpenAI; null sends none, like servers that do not report it.
       * Unset: about four characters a prompt token, one token a streamed word.
       */
      usage?: { prompt_tokens: number; completion_tokens: number } | null;
    }
  | { kind: 'error'; status: number; message?: string; headers?: Record<string, string> }
  /** Never answers: the client's timeout must end it. */
  | { kind: 'hang' }
  /** Starts streaming `text`, then goes silent without ending the response. */
  | { kind: 'stall'; text: string };

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: Array<{ role: string; content: string }>;
    max_tokens?: number;
    [key: string]: unknown;
  };
  /** performance.now() when the request body was read and when the first chunk was written. */
  receivedAt: number;
  firstChunkAt?: number;
  /**
   * Set once the connection is over: true when it closed before the response had ended (the
   * client hung up, e.g. an aborted request), false when the response was complete.
   */
  closedBeforeEnd?: boolean;
}

export interface FakeOpenAiServer {
  /** Base URL for OPENAI_BASE_URL, ending in /v1. */
  url: string;
  requests: RecordedRequest[];
  /** Requests that came on a connection already closed as idle, not answered nor recorded. */
  readonly droppedRequests: number;
  /** What every request gets unless something is queued. */
  setDefault(behaviour: FakeBehaviour): void;
  /** One-off behaviours, used in order before the default. */
  enqueue(...behaviours: FakeBehaviour[]): void;
  /** Back to the default reply, nothing queued, no recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_REPLY = 'Hello from the fake model. I build AI systems for enterprises.';

/** `idleClose`: the server closes idle keep-alive connections (see idle-connections.ts). */
export async function startFakeOpenAiServer({
  idleClose,
}: { idleClose?: IdleCloseOptions } = {}): Promise<FakeOpenAiServer> {
  const defaultBehaviour: FakeBehaviour = { kind: 'reply', text: FAKE_REPLY };
  let fallback: FakeBehaviour = defaultBehaviour;
  let queue: FakeBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let completionId = 0;
  let droppedRequests = 0;

  let idle: ReturnType<typeof closeIdleConnections> | undefined;
  const respond = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (idle?.isDropped(req, res)) {
      droppedRequests++;
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: RecordedRequest['body'] = {};
    try {
      body = raw ? (JSON.parse(raw) as RecordedRequest['body']) : {};
    } catch {
      sendJson(res, 400, { error: { message: 'Invalid JSON body', type: 'invalid_request_error' } });
      return;
    }
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      authorization: req.headers.authorization,
      body,
      receivedAt: performance.now(),
    };
    requests.push(recorded);
    res.on('close', () => {
      recorded.closedBeforeEnd = !res.writableEnded;
    });

    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      sendJson(res, 404, { error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } });
      return;
    }

    const behaviour = queue.shift() ?? fallback;
    const id = `chatcmpl-fake-${++completionId}`;
    const model = body.model ?? 'unknown';
    switch (behaviour.kind) {
      case 'hang':
        return;
      case 'error':
        sendJson(
          res,
          behaviour.status,
          {
            error: {
              message: behaviour.message ?? `Fake upstream error ${behaviour.status}`,
              type: 'api_error',
              code: null,
            },
          },
          // A short retry delay keeps the SDK's one retry quick in tests.
          { 'retry-after-ms': '5', ...behaviour.headers },
        );
        return;
      case 'stall':
      case 'reply': {
        const text = behaviour.text;
        if (!body.stream) {
          recorded.firstChunkAt = performance.now();
          sendJson(res, 200, {
            id,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
          });
          return;
        }
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
        if (behaviour.kind === 'reply' && behaviour.firstChunkDelayMs) {
          await new Promise((resolve) => setTimeout(resolve, behaviour.firstChunkDelayMs));
        }
        const pieces = text.match(/\s*\S+\s*/g) ?? [];
        const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
          `data: ${JSON.stringify({
            id,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [{ index: 0, delta, finish_reason: finishReason }],
          })}\n\n`;
        for (const [index, piece] of pieces.entries()) {
          if (index > 0 && behaviour.kind === 'reply' && behaviour.chunkDelayMs) {
            await new Promise((resolve) => setTimeout(resolve, behaviour.chunkDelayMs));
          }
          if (res.destroyed) return;
          res.write(chunk(index === 0 ? { role: 'assistant', content: piece } : { content: piece }, null));
          recorded.firstChunkAt ??= performance.now();
        }
        if (behaviour.kind === 'stall') return;
        res.write(chunk({}, 'stop'));
        const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
        const usage =
          behaviour.usage === undefined
            ? {
                prompt_tokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
                completion_tokens: pieces.length,
              }
            : behaviour.usage;
        if (streamOptions?.include_usage && usage) {
          const total_tokens = usage.prompt_tokens + usage.completion_tokens;
          const usageChunk = {
            id,
            object: 'chat.completion.chunk',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [],
            usage: { ...usage, total_tokens },
          };
          res.write(`data: ${JSON.stringify(usageChunk)}\n\n`);
        }
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  };
  const server = http.createServer((req, res) => void respond(req, res));
  if (idleClose) idle = closeIdleConnections(server, idleClose);

  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get droppedRequests() {
      return droppedRequests;
    },
    setDefault(behaviour) {
      fallback = behaviour;
    },
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    reset() {
      fallback = defaultBehaviour;
      queue = [];
      requests.length = 0;
      droppedRequests = 0;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
