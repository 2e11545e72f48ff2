import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_POOL_SIZE } from '../../server/db/client';
import { expectErrorLogs } from '../helpers/log-recorder';
import { useTestApp } from '../helpers/test-app';
import { NOW, validRequest } from '../helpers/bookings';

interface Answer {
  status: number;
  retryAfter: string | null;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite runs inside the process: it has no connections that could be killed.
describe.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'PostgreSQL connections killed under traffic (PostgreSQL only: PGlite has no connections to kill)',
  () => {
    const ctx = useTestApp({ now: () => NOW, env: { CONTACT_RATE_LIMIT_PER_HOUR: '100000' } });
    let server: Server;
    let baseUrl: string;
    let databaseUrl: string;

    beforeAll(async () => {
      server = ctx.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { rows } = await ctx.database.db.execute<{ name: string }>(
        sql`select current_database() as name`,
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      databaseUrl = url.toString();
    });

    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    const send = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> => {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      await res.arrayBuffer();
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    };
    const book = () => send('POST', '/api/contact-requests', validRequest());
    const someRequest = (i: number) =>
      [() => send('GET', '/api/bookings/slots'), () => send('POST', '/api/conversations'), book][i % 3]!();

    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    };

    /** Waits until this many of the app's queries wait on a lock. */
    const waitForLockWaiters = async (observer: pg.Client, count: number) => {
      for (;;) {
        const { rows } = await observer.query(
          `select count(*)::int as waiting from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if ((rows[0] as { waiting: number }).waiting >= count) return;
        await pause(20);
      }
    };

    it('lives through the kill, answers success or 503 with Retry-After, and recovers', async () => {
      const logs = expectErrorLogs();
      // An 'error' event nobody listens for would end a real server process; here it lands in this list.
      const uncaught: unknown[] = [];
      const recordUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', recordUncaught);
      const admin = await connect();
      const blocker = await connect();
      const pidOf = async (client: pg.Client) =>
        ((await client.query('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
      const keep = [await pidOf(admin), await pidOf(blocker)];
      const killAppConnections = () =>
        admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> all($1::int[])`,
          [keep],
        );

      // A booking whose transaction waits on a lock held elsewhere.
      await blocker.query('begin');
      await blocker.query('lock table contact_requests in access exclusive mode');
      const waitingBooking = book();
      await waitForLockWaiters(admin, 1);

      // Traffic from 12 clients while the app's connections are killed three times.
      const answers: Answer[] = [];
      let isRunning = true;
      const clients = Array.from({ length: 12 }, async (_, client) => {
        for (let i = client; isRunning; i += 1) answers.push(await someRequest(i));
      });
      for (let kill = 0; kill < 3; kill += 1) {
        await pause(150);
        await killAppConnections();
      }
      await pause(150);
      await blocker.query('rollback');
      isRunning = false;
      await Promise.all(clients);
      answers.push(await waitingBooking);
      await blocker.end();
      await admin.end();
      process.off('uncaughtException', recordUncaught);
      expect(uncaught).toEqual([]);

      const counts: Record<number, number> = {};
      for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
      console.info('statuses while the connections were killed:', counts);
      expect((await waitingBooking).status).toBe(503);
      for (const answer of answers) {
        expect([200, 201, 503]).toContain(answer.status);
        if (answer.status === 503) expect(answer.retryAfter).toBe('5');
      }
      // Outages are warnings; nothing was logged as an error.
      expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);

      // It recovers by itself: new connections replace the killed ones.
      expect((await send('GET', '/api/health')).status).toBe(200);
      expect((await send('GET', '/api/bookings/slots')).status).toBe(200);
      expect((await send('POST', '/api/conversations')).status).toBe(201);
      expect((await book()).status).toBe(201);
    });

    it('answers 503 when no connection frees up within the connect timeout, instead of waiting on', async () => {
      const logs = expectErrorLogs();
      // Every connection of the pool open and alive first, as on a site that has been serving: a
      // booking would otherwise open its own while the lock is held, or meet one the test before
      // killed, rather than wait on the lock.
      const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
      for (let round = 0; round < 5; round += 1) {
        const opened = await Promise.all(Array.from({ length: POSTGRES_POOL_SIZE }, () => pool.connect()));
        const checks = await Promise.allSettled(opened.map((client) => client.query('select 1')));
        // A dead connection is released with its error, so the pool drops it.
        opened.forEach((client, i) => client.release(checks[i]!.status === 'rejected' || undefined));
        if (checks.every((check) => check.status === 'fulfilled')) break;
      }
      const blocker = await connect();
      await blocker.query('begin');
      await blocker.query('lock table contact_requests in access exclusive mode');
      // Every connection of the pool is taken by a booking waiting on the lock.
      const held = Array.from({ length: POSTGRES_POOL_SIZE }, () => book());
      await waitForLockWaiters(blocker, POSTGRES_POOL_SIZE);

      const queued = await send('POST', '/api/conversations');
      expect(queued).toEqual({ status: 503, retryAfter: '5' });

      await blocker.query('rollback');
      await blocker.end();
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual(
        Array(POSTGRES_POOL_SIZE).fill(201),
      );
      expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
    });
  },
);
