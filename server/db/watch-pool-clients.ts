import type pg from 'pg';
import { describeError } from '../lib/database-errors';
import { logger } from '../lib/logger';

/**
 * Keeps a node-postgres pool alive through lost connections.
 *
 * The pool listens for a client's 'error' only while the client is idle; a connection lost
 * while a client is checked out (a transaction waiting on a lock) would emit 'error' with no
 * listener, and Node ends the process. So every client gets a listener of its own. A lost
 * client still checked out is handed back to the pool at once, as broken, because its holder
 * may never do it: drizzle's transaction does not release its client when `begin` itself fails,
 * and each such leak would shrink the pool until every request waited out the connect timeout.
 * The holder's own release later is a no-op; its query in progress fails and answers 503.
 */
export function watchPoolClients(pool: pg.Pool) {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      logger.warn('database connection lost', describeError(error));
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release(error);
    }),
  );
  // Idle clients' errors reach the pool as well; the client's listener above has logged them.
  pool.on('error', () => undefined);
}
