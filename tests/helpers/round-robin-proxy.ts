import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A reverse proxy on loopback in front of several instances of the site, as Caddy or nginx stands
// in front of them in production: each request goes to the next instance in turn, and the
// visitor's address reaches the instance in X-Forwarded-For (never one the client sent). Every
// request here comes from 127.0.0.1, so a test names the visitor it plays in VISITOR_HEADER.

/** The simulated visitor's address; without it, the connection's own. */
export const VISITOR_HEADER = 'x-test-visitor-address';
/** On every answer: the index of the instance that gave it. */
export const SERVED_BY_HEADER = 'x-served-by';

export interface RoundRobinProxy {
  url: string;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = new URL(req.url ?? '/', upstreams[index]);
    const headers = { ...req.headers };
    const visitor = headers[VISITOR_HEADER];
    delete headers[VISITOR_HEADER];
    headers['x-forwarded-for'] = typeof visitor === 'string' ? visitor : (req.socket.remoteAddress ?? '');
    headers['x-forwarded-proto'] = 'http';
    const upstream = http.request(target, { method: req.method, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [SERVED_BY_HEADER]: String(index) });
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { [SERVED_BY_HEADER]: String(index) });
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
