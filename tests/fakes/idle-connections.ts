import type http from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface IdleCloseOptions {
  /**
   * A connection idle this long (no request since its last response ended) is closed. A new
   * connection is not idle until its first response has ended.
   */
  idleTimeoutMs: number;
  /**
   * True: a timer closes each idle connection on time, as a real server does (its Keep-Alive
   * header says nothing, like most proxies and load balancers). False: only a request arriving on
   * a connection idle that long finds it closed, which is the moment a server's idle timer fires
   * as the client reuses the connection; a client whose event loop runs behind meets that under
   * load, and a test in one thread can make it happen at will.
   */
  isTimed: boolean;
}

/**
 * Closes a server's idle keep-alive connections after `idleTimeoutMs`. Call `isDropped(req)`
 * first thing in the request handler: true when the request came on a connection already
 * closed as idle (the socket is destroyed, nothing is answered).
 */
export function closeIdleConnections(server: http.Server, { idleTimeoutMs, isTimed }: IdleCloseOptions) {
  // No Keep-Alive header and no timer of Node's own: this helper decides.
  server.keepAliveTimeout = 0;
  const idleSince = new WeakMap<Socket, number>();
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const goIdle = (socket: Socket) => {
    idleSince.set(socket, performance.now());
    if (!isTimed) return;
    const timer = setTimeout(() => socket.destroy(), idleTimeoutMs);
    timer.unref();
    timers.set(socket, timer);
  };
  return {
    isDropped(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      const socket = req.socket;
      clearTimeout(timers.get(socket));
      const since = idleSince.get(socket);
      idleSince.delete(socket);
      if (since !== undefined && performance.now() - since >= idleTimeoutMs) {
        socket.destroy();
        return true;
      }
      res.on('finish', () => {
        if (!socket.destroyed) goIdle(socket);
      });
      return false;
    },
  };
}
