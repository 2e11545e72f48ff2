import { sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Options } from 'express-rate-limit';
import { createApp } from '../../server/app';
import { DatabaseRateLimitStore } from '../../server/middleware/rate-limit-store';
import { Lifecycle } from '../../server/lib/lifecycle';
import { setLogLevel } from '../../server/lib/logger';
import { expectErrorLogs, type LogEntry } from '../helpers/log-recorder';
import { createTestDatabase } from '../helpers/test-db';
import { testEnv, useTestApp } from '../helpers/test-app';
import { NOW, validRequest } from '../helpers/bookings';

// A visitor whose details must never reach the log, whatever fails.
const VISITOR = {
  fullName: 'Ottilie Quarrington',
  phoneNumber: '+1 (617) 555-0199',
  email: 'ottilie.q@example.org',
  purpose: 'Zanzibar lighthouse retrofit',
};
const VISITOR_TRACES = ['Ottilie', 'Quarrington', '555-0199', '6175550199', 'ottilie.q', 'Zanzibar'];

function expectNoVisitorData(logs: LogEntry[]) {
  const text = logs.map((entry) => entry.line).join('\n');
  for (const trace of VISITOR_TRACES) expect(text).not.toContain(trace);
}

/** Records every level, not only errors, for the rest of the test. */
function recordAllLevels(): LogEntry[] {
  setLogLevel('info');
  return expectErrorLogs();
}

describe('database faults', () => {
  const ctx = useTestApp({ now: () => NOW, env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000' } });

  it('refunds a rate-limit hit on a closed database without throwing or logging the address', async () => {
    const database = await createTestDatabase();
    const store = new DatabaseRateLimitStore(database.db, 'contact-request');
    store.init({ windowMs: 60_000 } as Options);
    await store.increment('198.51.100.23');
    const logs = recordAllLevels();
    try {
      await database.close();
      await expect(store.decrement('198.51.100.23')).resolves.toBeUndefined();
    } finally {
      setLogLevel('error');
    }
    expect(logs.map((entry) => entry.msg)).toContain('rate limit refund failed');
    expect(logs.map((entry) => entry.line).join('\n')).not.toContain('198.51.100.23');
  });

  it('answers 503 with Retry-After on a closed database, and health says the database is down', async () => {
    const database = await createTestDatabase();
    const lifecycle = new Lifecycle();
    const app = createApp({ env: testEnv(), database, content: ctx.content, lifecycle, now: () => NOW });
    const logs = recordAllLevels();
    try {
      await database.close();

      const booking = await request(app).post('/api/contact-requests').send(validRequest(VISITOR));
      expect(booking.status).toBe(503);
      expect(booking.headers['retry-after']).toBe('5');
      expect(booking.body).toMatchObject({
        message: expect.stringMatching(/try again/),
        code: 'unavailable',
      });

      for (const [method, path] of [
        ['get', '/api/bookings/slots'],
        ['post', '/api/conversations'],
      ] as const) {
        const res = await request(app)[method](path);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      }

      const health = await request(app).get('/api/health').expect(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.body).toMatchObject({
        status: 'degraded',
        message: 'The database is unavailable.',
        database: { status: 'down' },
      });
    } finally {
      setLogLevel('error');
      await lifecycle.stop();
    }
    // An outage is a warning, not a bug; and the failed booking left nothing of the visitor.
    expect(logs.map((entry) => entry.msg)).toContain('database unavailable');
    expect(logs.filter((entry) => entry.level === 'error')).toEqual([]);
    expectNoVisitorData(logs);
  });

  it('logs a failed booking write with its Postgres code and without the visitor', async () => {
    // The database refuses every new contact request, as a broken schema or disk would.
    await ctx.database.db.execute(sql`create or replace function refuse_contact_request() returns trigger
      language plpgsql as $$ begin raise exception 'contact requests are refused' using errcode = 'P0001'; end $$`);
    await ctx.database.db.execute(sql`create trigger refuse_contact_request before insert on contact_requests
      for each row execute function refuse_contact_request()`);
    const logs = recordAllLevels();
    try {
      const res = await request(ctx.app).post('/api/contact-requests').send(validRequest(VISITOR));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: expect.any(String), requestId: expect.any(String) });
    } finally {
      setLogLevel('error');
      await ctx.database.db.execute(sql`drop trigger refuse_contact_request on contact_requests`);
      await ctx.database.db.execute(sql`drop function refuse_contact_request`);
    }

    const failure = logs.find((entry) => entry.msg === 'unhandled error');
    expect(failure).toMatchObject({ level: 'error', pgCode: 'P0001', path: '/api/contact-requests' });
    expectNoVisitorData(logs);
  });
});
