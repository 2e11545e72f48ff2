import request from 'supertest';
import type { Express } from 'express';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { appSecrets } from '../../shared/schema';
import { Lifecycle } from '../../server/lib/lifecycle';
import { setLogLevel } from '../../server/lib/logger';
import { createSessionSecret } from '../../server/services/access/session-secret';
import { expectErrorLogs } from '../helpers/log-recorder';
import { testEnv, useTestApp } from '../helpers/test-app';
import { insertUser, TEST_SESSION_SECRET, verifiedCookie } from '../helpers/voice';
import { uniqueEmail } from '../helpers/unique-email';

// With no SESSION_SECRET the voice-access cookies and the verification codes are keyed by a
// secret kept in the database: every instance on it agrees, and a restart signs nobody out.
// Each "instance" below is the app built from freshly loaded modules, as a new process would
// load them, on the same database.

describe('the session secret', () => {
  const ctx = useTestApp();
  const lifecycles: Lifecycle[] = [];
  afterAll(async () => {
    for (const lifecycle of lifecycles) await lifecycle.stop();
  });

  async function startInstance(env: Record<string, string> = {}): Promise<Express> {
    vi.resetModules();
    const { createApp } = await import('../../server/app');
    const { createAppContext } = await import('../../server/app-context');
    const lifecycle = new Lifecycle();
    lifecycles.push(lifecycle);
    const deps = {
      env: testEnv(env),
      database: ctx.database,
      content: ctx.content,
      lifecycle,
      now: () => new Date(),
    };
    return createApp(createAppContext(deps));
  }

  const BROWSER = `browser_key=${'s'.repeat(43)}`;
  const accessCookieOf = (res: request.Response) =>
    ([res.headers['set-cookie']].flat() as string[])
      .find((cookie) => cookie.startsWith('voice_access='))
      ?.split(';')[0];
  const isVerified = async (app: Express, email: string, cookie: string) =>
    (await request(app).post('/api/subscription-user').set('Cookie', cookie).send({ email }).expect(200)).body
      .isVerified as boolean;

  it('accepts on one instance a code asked for through another, and keeps the cookie across a restart', async () => {
    const user = await insertUser(ctx.database.db, { email: uniqueEmail('secret') });
    const first = await startInstance();
    const second = await startInstance();

    const asked = await request(first)
      .post('/api/verification-codes')
      .set('Cookie', BROWSER)
      .send({ email: user.email })
      .expect(202);
    const verified = await request(second)
      .post('/api/verification-codes/verify')
      .set('Cookie', BROWSER)
      .send({ email: user.email, code: asked.body.demoCode as string })
      .expect(200);
    const access = accessCookieOf(verified);
    expect(access).toBeDefined();
    expect(await isVerified(first, user.email, access!)).toBe(true);

    const restarted = await startInstance();
    expect(await isVerified(restarted, user.email, access!)).toBe(true);
    expect(await ctx.database.db.select().from(appSecrets)).toHaveLength(1);
  });

  it('uses SESSION_SECRET when it is set, and then stores no secret', async () => {
    const user = await insertUser(ctx.database.db, { email: uniqueEmail('secret') });
    const configured = await startInstance({ SESSION_SECRET: TEST_SESSION_SECRET });
    expect(await isVerified(configured, user.email, verifiedCookie(user.email))).toBe(true);
    expect(await ctx.database.db.select().from(appSecrets)).toHaveLength(0);

    // A cookie keyed by the database's secret does not open an instance with its own.
    const unconfigured = await startInstance();
    const asked = await request(unconfigured)
      .post('/api/verification-codes')
      .set('Cookie', BROWSER)
      .send({ email: user.email })
      .expect(202);
    const verified = await request(unconfigured)
      .post('/api/verification-codes/verify')
      .set('Cookie', BROWSER)
      .send({ email: user.email, code: asked.body.demoCode as string })
      .expect(200);
    expect(await isVerified(configured, user.email, accessCookieOf(verified)!)).toBe(false);
    expect(await isVerified(unconfigured, user.email, verifiedCookie(user.email))).toBe(false);
  });

  it('agrees on one secret when many instances create it at once', async () => {
    const env = testEnv();
    const secrets = await Promise.all(
      Array.from({ length: 10 }, () => createSessionSecret({ env, database: ctx.database }).load()),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[\w-]{43}$/);
    expect(await ctx.database.db.select().from(appSecrets)).toHaveLength(1);
  });

  it('logs which secret is used, never its value', async () => {
    const logs = expectErrorLogs();
    setLogLevel('info');
    try {
      const fromDatabase = await createSessionSecret({ env: testEnv(), database: ctx.database }).load();
      await createSessionSecret({
        env: testEnv({ SESSION_SECRET: TEST_SESSION_SECRET }),
        database: ctx.database,
      }).load();
      const lines = logs.filter((entry) => entry.msg === 'session secret in use');
      expect(lines.map((entry) => entry.source)).toEqual(['database', 'SESSION_SECRET']);
      for (const entry of lines) {
        expect(entry.line).not.toContain(fromDatabase);
        expect(entry.line).not.toContain(TEST_SESSION_SECRET);
      }
    } finally {
      setLogLevel('error');
    }
  });
});
