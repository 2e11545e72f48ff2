import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { createKeepAliveDispatcher } from '../../server/lib/keep-alive';
import { createStripeClient } from '../../server/services/billing/stripe-client';
import { requestVapi } from '../../server/services/voice/vapi-request';

// The model, Vapi and Stripe clients keep an idle connection a short while only, whatever the
// server offers: a connection the server (or a proxy on the way) closes as idle, often without
// saying when, is then never the one a request is sent on.

/** A server that keeps idle connections a minute and says so, as a proxy or load balancer may. */
async function startLongKeepAliveServer() {
  const sockets: Array<{ socket: Socket; isClosed: boolean }> = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Keep-Alive': 'timeout=60' });
      res.end(JSON.stringify({ id: 'cus_1', object: 'customer' }));
    });
  });
  server.keepAliveTimeout = 0;
  server.on('connection', (socket: Socket) => {
    const entry = { socket, isClosed: false };
    sockets.push(entry);
    socket.on('close', () => (entry.isClosed = true));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sockets,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('idle connections to providers', () => {
  let server: Awaited<ReturnType<typeof startLongKeepAliveServer>>;
  beforeEach(async () => {
    server = await startLongKeepAliveServer();
  });
  afterEach(() => server.close());

  /** Two requests share one connection, which the client then closes, well before a minute. */
  const expectReusedThenClosed = async (sendRequest: () => Promise<unknown>) => {
    await sendRequest();
    // undici frees a connection a moment after its response has been read.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sendRequest();
    expect(server.sockets).toHaveLength(1);
    await expect.poll(() => server.sockets[0]!.isClosed, { timeout: 10_000, interval: 100 }).toBe(true);
  };

  it('the model client', async () => {
    const dispatcher = await createKeepAliveDispatcher();
    const init: RequestInit & { dispatcher: typeof dispatcher } = { method: 'POST', body: '{}', dispatcher };
    await expectReusedThenClosed(async () => (await fetch(server.url, init)).json());
    await dispatcher.close();
  });

  it('the Vapi client', async () => {
    const result = parseEnv({ NODE_ENV: 'test', VAPI_API_KEY: 'vapi-private', VAPI_API_BASE: server.url });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    await expectReusedThenClosed(async () => (await requestVapi(result.env, 'POST', '/call/web', {})).json());
  });

  it('the Stripe client', async () => {
    const stripe = await createStripeClient({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: server.url });
    await expectReusedThenClosed(() => stripe.customers.retrieve('cus_1'));
  });
});
