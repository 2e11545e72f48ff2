import request from 'supertest';
import type { Express } from 'express';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../shared/schema';
import { createFirstOwnerFromEnv, createOwner } from '../../server/services/owner/owner-accounts';
import { useTestApp } from '../helpers/test-app';

const TOKEN = 'owner-token-for-tests-0123456789';
const PASSWORD = 'correct horse battery';
let clock = new Date('2026-11-24T12:00:00Z');

describe('owner sign-in', () => {
  const ctx = useTestApp({ now: () => clock, env: { OWNER_API_TOKEN: TOKEN } });
  // A fresh app per test: each starts with fresh sign-in limits.
  let app: Express;
  beforeEach(() => {
    clock = new Date('2026-11-24T12:00:00Z');
    app = ctx.rebuild();
  });
  const signIn = (password = PASSWORD, username = 'alex') =>
    request(app).post('/api/owner/session').send({ username, password });

  it('stores an scrypt hash, sets a strict HttpOnly cookie, and the cookie opens the owner API', async () => {
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    const [stored] = await ctx.database.db.select().from(users);
    expect(stored!.password).toMatch(/^scrypt\$/);
    expect(stored!.password).not.toContain(PASSWORD);

    const res = await signIn().expect(200);
    expect(res.body).toEqual({ username: 'alex' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^owner_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/owner/);
    const session = cookie.split(';')[0]!;

    await request(app).get('/api/owner/session').set('Cookie', session).expect(200, { username: 'alex' });
    await request(app).get('/api/owner/contact-requests').set('Cookie', session).expect(200);
    await request(app).get('/api/owner/contact-requests').expect(401);
    // Scripts keep their token.
    await request(app).get('/api/owner/contact-requests').set('Authorization', `Bearer ${TOKEN}`).expect(200);

    await request(app).delete('/api/owner/session').set('Cookie', session).expect(204);
    await request(app).get('/api/owner/contact-requests').set('Cookie', session).expect(401);
  });

  it("refuses the desk's sign-in, actions and sign-out from another site, even with the session", async () => {
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    const crossSite = { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' };
    const forged = await signIn().set(crossSite);
    expect(forged.status).toBe(403);
    expect(forged.headers['set-cookie']).toBeUndefined();
    const session = String((await signIn().expect(200)).headers['set-cookie']).split(';')[0]!;
    await request(app)
      .post('/api/owner/erasure')
      .set(crossSite)
      .set('Cookie', session)
      .send({ email: 'a@example.com' })
      .expect(403);
    await request(app).delete('/api/owner/session').set(crossSite).set('Cookie', session).expect(403);
    await request(app).get('/api/owner/session').set('Cookie', session).expect(200, { username: 'alex' });
  });

  it('marks the cookie Secure when the site is reached over HTTPS through a trusted proxy', async () => {
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    expect(String((await signIn().expect(200)).headers['set-cookie'])).not.toMatch(/Secure/);
    const behindProxy = ctx.rebuild({ env: { TRUST_PROXY: '1' } });
    const res = await request(behindProxy)
      .post('/api/owner/session')
      .set('X-Forwarded-Proto', 'https')
      .send({ username: 'alex', password: PASSWORD })
      .expect(200);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
  });

  it('answers a wrong password and an unknown username alike', async () => {
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    const wrong = await signIn('not the password').expect(401);
    const unknown = await signIn(PASSWORD, 'nobody').expect(401);
    expect(wrong.body.message).toBe(unknown.body.message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('expires a session after a week', async () => {
    await createOwner(ctx.database.db, 'alex', PASSWORD);
    const session = String((await signIn().expect(200)).headers['set-cookie']).split(';')[0]!;
    clock = new Date(clock.getTime() + 8 * 24 * 3_600_000);
    await request(app).get('/api/owner/session').set('Cookie', session).expect(401);
  });

  it('rate-limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn('x', `user${i}`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('validates the body: 400 with a message', async () => {
    const res = await request(app).post('/api/owner/session').send({ username: '' }).expect(400);
    expect(res.body.message).toBeTruthy();
  });

  it('creates the first owner from the environment once, and never overwrites a password', async () => {
    const created = await createFirstOwnerFromEnv(ctx.database.db, { username: 'alex', password: PASSWORD });
    expect(created?.username).toBe('alex');
    const again = await createFirstOwnerFromEnv(ctx.database.db, {
      username: 'alex',
      password: 'another password 123',
    });
    expect(again).toBeUndefined();
    await signIn().expect(200);
    await expect(createOwner(ctx.database.db, 'sam', 'short')).rejects.toThrow(/at least 12 characters/);
  });
});
