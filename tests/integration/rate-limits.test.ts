import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../shared/schema';
import type { Options } from 'express-rate-limit';
import { DatabaseRateLimitStore } from '../../server/middleware/rate-limit-store';
import { deleteExpiredHits } from '../../server/storage/rate-limit-hits';
import { useTestApp } from '../helpers/test-app';

// Rate limits counted in the database: every instance on one database enforces one limit, and
// the client's address is the socket's unless TRUST_PROXY says how many proxies are in front.

const T0 = new Date('2026-06-01T10:00:00Z');
let clock = T0;

describe('rate limits shared through the database', () => {
  const ctx = useTestApp({ env: { CONVERSATION_RATE_LIMIT_PER_HOUR: '3' } });
  beforeEach(() => {
    clock = T0;
  });

  const open = (app = ctx.app, forwardedFor?: string) => {
    const req = request(app).post('/api/conversations');
    return forwardedFor ? req.set('X-Forwarded-For', forwardedFor) : req;
  };

  it('limits conversations per address with a JSON 429 and the standard headers', async () => {
    for (let i = 0; i < 3; i++) await open().expect(201);
    const res = await open().expect(429);
    expect(res.body).toMatchObject({
      message: "You've started many conversations. Please continue one of them or try again later.",
      code: 'rate_limited',
    });
    expect(res.headers['ratelimit-policy']).toMatch(/q=3; w=3600/);
  });

  it('shares one count between two apps on the same database', async () => {
    const other = ctx.rebuild();
    await open(ctx.app).expect(201);
    await open(other).expect(201);
    await open(ctx.app).expect(201);
    await open(other).expect(429);
    await open(ctx.app).expect(429);
  });

  it('counts concurrent requests on two apps exactly', async () => {
    const limited = { env: { CONVERSATION_RATE_LIMIT_PER_HOUR: '20' } };
    const apps = [ctx.rebuild(limited), ctx.rebuild(limited)];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => open(apps[i % 2])));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it('shares the chat message limit too', async () => {
    const limited = { env: { CHAT_RATE_LIMIT_PER_MINUTE: '2' } };
    const [first, second] = [ctx.rebuild(limited), ctx.rebuild(limited)];
    const created = await open(first).expect(201);
    const id = created.body.id as string;
    const browser = String(created.headers['set-cookie']).split(';')[0]!;
    const send = (app: typeof first) =>
      request(app)
        .post(`/api/conversations/${id}/messages`)
        .set('Cookie', browser)
        .send({ content: 'Hello' });
    await send(first).expect(200);
    await send(second).expect(200);
    expect((await send(first).expect(429)).body.message).toMatch(/sending messages too quickly/);
  });

  it('starts a new window once the old one ends, and sweeps ended windows away', async () => {
    const db = ctx.database.db;
    const store = new DatabaseRateLimitStore(db, 'test', () => clock);
    store.init({ windowMs: 60_000 } as Options);
    await store.increment('203.0.113.1');
    expect(await store.increment('203.0.113.1')).toEqual({
      totalHits: 2,
      resetTime: new Date(T0.getTime() + 60_000),
    });
    await store.decrement('203.0.113.1');
    expect((await store.get('203.0.113.1'))?.totalHits).toBe(1);

    clock = new Date(T0.getTime() + 60_000);
    expect(await store.get('203.0.113.1')).toBeUndefined();
    expect(await store.increment('203.0.113.1')).toEqual({
      totalHits: 1,
      resetTime: new Date(clock.getTime() + 60_000),
    });
    await store.increment('198.51.100.7');
    expect(await deleteExpiredHits(db, clock)).toBe(0);
    expect(await deleteExpiredHits(db, new Date(clock.getTime() + 60_000))).toBe(2);
    expect(await db.select().from(rateLimitHits)).toEqual([]);
  });

  it('ignores X-Forwarded-For by default: a client cannot pick the address it is counted under', async () => {
    for (let i = 0; i < 3; i++) await open(ctx.app, `203.0.113.${i}`).expect(201);
    await open(ctx.app, '198.51.100.7').expect(429);
  });

  it('with TRUST_PROXY=1 counts the address the proxy forwarded', async () => {
    const proxied = ctx.rebuild({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < 3; i++) await open(proxied, '203.0.113.1').expect(201);
    await open(proxied, '203.0.113.1').expect(429);
    await open(proxied, '198.51.100.7').expect(201);
    // Only the hop the proxy added counts: a forged address before it is ignored.
    await open(proxied, '198.51.100.99, 203.0.113.1').expect(429);
  });
});
