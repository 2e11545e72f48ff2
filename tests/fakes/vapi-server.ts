import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';

// A loopback stand-in for Vapi's REST API (bearer private key, JSON): POST /assistant and
// PATCH /assistant/:id, as the server uses them to manage the voice assistant; POST /call/web, as
// the server creates a web call for the page's SDK; and each call's live-control URL
// (POST /call/:id/control {type: 'end-call'}, which, like Vapi's, takes no key).

export interface RecordedVapiRequest {
  method: string;
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
}

export interface FakeVapiCall {
  id: string;
  request: Record<string, unknown>;
  /** The control messages the call received ({type: 'end-call'}, ...). */
  controls: Record<string, unknown>[];
}

export interface FakeVapiServer {
  /** For VAPI_API_BASE. */
  url: string;
  requests: RecordedVapiRequest[];
  assistants: Map<string, Record<string, unknown>>;
  calls: Map<string, FakeVapiCall>;
  /** Answers every request with this status instead (an outage), while set. */
  failWith?: number;
  /** Where the web calls' rooms are (Vapi's are Daily rooms at https://vapi.daily.co/<room>). */
  roomBaseUrl: string;
  /** Answers POST /call/web this much later (a slow Vapi), while set. */
  callDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeVapiServer(privateKey: string): Promise<FakeVapiServer> {
  const requests: RecordedVapiRequest[] = [];
  const assistants = new Map<string, Record<string, unknown>>();
  const calls = new Map<string, FakeVapiCall>();
  const fake = {
    failWith: undefined as number | undefined,
    roomBaseUrl: 'https://vapi.daily.co',
    callDelayMs: 0,
  };
  let baseUrl = '';

  const app = express();
  app.use(express.json({ limit: '2mb' }));
  app.use((req, res, next) => {
    requests.push({
      method: req.method,
      path: req.path,
      authorization: req.get('authorization'),
      body: (req.body ?? {}) as Record<string, unknown>,
    });
    if (fake.failWith) return void res.status(fake.failWith).json({ message: 'unavailable' });
    if (/^\/call\/[^/]+\/control$/.test(req.path)) return next();
    if (req.get('authorization') !== `Bearer ${privateKey}`)
      return void res.status(401).json({
        message:
          'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
      });
    next();
  });

  app.post('/assistant', (req, res) => {
    const assistant = { ...(req.body as Record<string, unknown>), id: randomUUID(), orgId: 'org_test' };
    assistants.set(assistant.id, assistant);
    res.status(201).json(assistant);
  });

  app.patch('/assistant/:id', (req, res) => {
    const existing = assistants.get(req.params.id);
    if (!existing) return void res.status(404).json({ message: 'Assistant not found' });
    const updated = { ...existing, ...(req.body as Record<string, unknown>), id: req.params.id };
    assistants.set(req.params.id, updated);
    res.json(updated);
  });

  // Vapi's Call object for a web call, with what Vapi echoes back (overrides, metadata, monitor).
  app.post('/call/web', async (req, res) => {
    if (fake.callDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.callDelayMs));
    const body = req.body as Record<string, unknown>;
    const assistantId = typeof body.assistantId === 'string' ? body.assistantId : undefined;
    if (assistantId && !assistants.has(assistantId))
      return void res.status(400).json({ message: "Couldn't Get Assistant." });
    if (!assistantId && !body.assistant)
      return void res.status(400).json({ message: 'Assistant or Squad or Workflow must be provided.' });
    const id = randomUUID();
    calls.set(id, { id, request: body, controls: [] });
    res.status(201).json({
      id,
      orgId: 'org_test',
      type: 'webCall',
      status: 'queued',
      createdAt: new Date().toISOString(),
      ...(assistantId ? { assistantId } : { assistant: body.assistant }),
      assistantOverrides: body.assistantOverrides,
      webCallUrl: `${fake.roomBaseUrl}/${id.replaceAll('-', '')}`,
      monitor: {
        listenUrl: `${baseUrl.replace(/^http/, 'ws')}/call/${id}/listen`,
        controlUrl: `${baseUrl}/call/${id}/control`,
      },
      artifactPlan: { videoRecordingEnabled: false },
    });
  });

  app.post('/call/:id/control', (req, res) => {
    const call = calls.get(req.params.id);
    if (!call) return void res.status(404).json({ message: 'Call not found' });
    call.controls.push(req.body as Record<string, unknown>);
    res.json({ received: true });
  });

  app.use((_req, res) => void res.status(404).json({ message: 'Not Found' }));

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    requests,
    assistants,
    calls,
    get failWith() {
      return fake.failWith;
    },
    set failWith(status: number | undefined) {
      fake.failWith = status;
    },
    get roomBaseUrl() {
      return fake.roomBaseUrl;
    },
    set roomBaseUrl(url: string) {
      fake.roomBaseUrl = url;
    },
    get callDelayMs() {
      return fake.callDelayMs;
    },
    set callDelayMs(ms: number) {
      fake.callDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
