import net from 'node:net';
import type { Server, ServerResponse } from 'node:http';

const SWEEP_MS = 100;
/** A connection that has sent nothing for this many sweeps of the stop is not going to. */
const FIRST_REQUEST_SWEEPS = 10;
/** Keep accepting at most this many sweeps while connections are still arriving. */
const MAX_ACCEPT_SWEEPS = 20;

interface ConnectionState {
  active: number;
  served: number;
  /** Sweeps seen while it has not sent a request yet. */
  silentSweeps: number;
}

/**
 * Stops an HTTP server without dropping a request a client has already sent.
 *
 * Node's `server.close()` also destroys every connection that has not delivered a request yet,
 * and that includes sockets just accepted whose request is still unread because the event loop
 * was busy (the embedded database runs on it); closing the listener at once also resets the
 * connections still waiting in the kernel's accept queue. So the stop accepts until a sweep
 * finds no new connection (the queue is drained), then closes only the listener; every
 * connection may still deliver and finish its request, answers carry `Connection: close`, and a
 * connection is ended once idle. After the grace whatever is left is cut.
 */
export function trackConnections(server: Server) {
  const connections = new Map<net.Socket, ConnectionState>();
  const pending = new Set<ServerResponse>();
  let isStopping = false;
  let arrivals = 0;

  const endIfIdle = (socket: net.Socket, state: ConnectionState) => {
    if (isStopping && state.active === 0 && state.served > 0) socket.destroy();
  };

  server.on('connection', (socket: net.Socket) => {
    arrivals += 1;
    connections.set(socket, { active: 0, served: 0, silentSweeps: 0 });
    socket.once('close', () => connections.delete(socket));
  });

  server.on('request', (req, res: ServerResponse) => {
    const state = connections.get(req.socket);
    if (isStopping && !res.headersSent) res.setHeader('Connection', 'close');
    pending.add(res);
    if (state) state.active += 1;
    res.once('close', () => {
      pending.delete(res);
      if (!state) return;
      state.active -= 1;
      state.served += 1;
      endIfIdle(req.socket, state);
    });
  });

  /** Resolves once every connection has closed, or after `graceMs` with the rest cut. */
  function stop(graceMs: number): Promise<void> {
    isStopping = true;
    for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');
    for (const [socket, state] of connections) endIfIdle(socket, state);

    return new Promise((resolve) => {
      let sweeps = 0;
      let seen = arrivals;
      let isListening = true;
      const finish = () => {
        clearInterval(sweep);
        clearTimeout(grace);
        resolve();
      };
      const sweep = setInterval(() => {
        sweeps += 1;
        // Each sweep follows at least one poll of the event loop, which accepts everything queued.
        if (isListening && (arrivals === seen || sweeps >= MAX_ACCEPT_SWEEPS)) {
          isListening = false;
          // net's close, not http's: http's would destroy accepted sockets not yet read.
          net.Server.prototype.close.call(server, finish);
        }
        seen = arrivals;
        for (const [socket, state] of connections) {
          const isSilent = state.served === 0 && state.active === 0;
          if (isSilent && ++state.silentSweeps >= FIRST_REQUEST_SWEEPS) socket.destroy();
          else endIfIdle(socket, state);
        }
      }, SWEEP_MS);
      const grace = setTimeout(() => {
        server.closeAllConnections();
        if (isListening) net.Server.prototype.close.call(server);
        finish();
      }, graceMs);
    });
  }

  return { stop };
}
