import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';

// A loopback stand-in for Vapi's REST API (bearer private key, JSON): POST /assistant and
// PATCH /assistant/:id, as the server uses them to manage the voice assistant.

export interface RecordedVapiRequest {
  method: string;
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
}

export interface FakeVapiServer {
  /** For VAPI_API_BASE. */
  url: string;
  requests: RecordedVapiRequest[];
  assistants: Map<string, Record<string, unknown>>;
  /** Answers every request with this status instead (an outage), while set. */
  failWith?: number;
  close(): Promise<void>;
}

export async function startFakeVapiServer(privateKey: string): Promise<FakeVapiServer> {
  const requests: RecordedVapiRequest[] = [];
  const assistants = new Map<string, Record<string, unknown>>();
  const fake = { failWith: undefined as number | undefined };

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

  app.use((_req, res) => void res.status(404).json({ message: 'Not Found' }));

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    assistants,
    get failWith() {
      return fake.failWith;
    },
    set failWith(status: number | undefined) {
      fake.failWith = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
