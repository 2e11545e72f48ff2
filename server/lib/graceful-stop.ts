import net from 'node:net';
import type { Server, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from './database-errors';

const SWEEP_MS = 100;
/** A connection that has sent nothing for this many sweeps of the stop is not going to. */
const FIRST_REQUEST_SWEEPS = 10;

interface ConnectionState {
  active: number;
  served: number;
  /** Sweeps seen while it has not sent a request yet. */
  silentSweeps: number;
}

/**
 * Stops an HTTP server without dropping a request a client has already sent.
 *
 * The listener stays open while requests are in flight: connections still waiting in the
 * kernel's accept queue (the event loop is busy while the embedded database works on it) are
 * accepted and served rather than reset, and health checks get their 503 rather than a refused
 * connection. Every answer from then on carries `Connection: close`. A connection kept alive
 * between requests stays open until the server is quiet (nothing in flight, no new connection
 * for a sweep): a client may be sending its next request on it right now, and destroying it
 * would reset that request. Once quiet, only the listener is closed (net's close: http's would
 * also destroy sockets accepted but not yet read), idle connections are ended, and the stop
 * resolves when the last one has closed.
 *
 * After the grace, a request still without an answer gets a 503 with Retry-After (a proxy may
 * send it elsewhere); whatever is left is cut.
 */
export function trackConnections(server: Server) {
  const connections = new Map<net.Socket, ConnectionState>();
  const pending = new Set<ServerResponse>();
  let isStopping = false;
  let isQuiet = false;
  let arrivals = 0;

  const endIfIdle = (socket: net.Socket, state: ConnectionState) => {
    if (isQuiet && state.active === 0 && state.served > 0) socket.destroy();
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

  /** Resolves once every connection has closed, or after `graceMs` with the rest answered or cut. */
  function stop(graceMs: number): Promise<void> {
    isStopping = true;
    for (const res of pending) if (!res.headersSent) res.setHeader('Connection', 'close');

    return new Promise((resolve) => {
      let seen = arrivals;
      let isListening = true;
      const finish = () => {
        clearInterval(sweep);
        clearTimeout(grace);
        resolve();
      };
      const sweep = setInterval(() => {
        // Each sweep follows at least one poll of the event loop, which accepts everything queued.
        if (isListening && arrivals === seen && pending.size === 0) {
          isListening = false;
          isQuiet = true;
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
        for (const res of pending) answerUnavailable(res);
        // The 503s are written; the sockets go on the next turn, after their bytes.
        setImmediate(() => {
          server.closeAllConnections();
          for (const socket of connections.keys()) socket.destroy();
          if (isListening) net.Server.prototype.close.call(server);
          finish();
        });
      }, graceMs);
    });
  }

  return { stop };
}

/** A request the grace ran out on, answered if its answer has not begun. */
function answerUnavailable(res: ServerResponse) {
  if (res.headersSent || res.writableEnded) return;
  const body = JSON.stringify({ message: 'The server is restarting. Please try again.' });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': String(RETRY_AFTER_SECONDS),
    Connection: 'close',
  });
  res.end(body);
}
