import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { createAppContext } from '../../server/app-context';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import {
  BATCH_SIZE,
  LEASE_MS,
  MAX_ATTEMPTS,
  createMailDelivery,
  getRetryDelayMs,
} from '../../server/services/mail/mail-delivery';
import { retryMail } from '../../server/services/desk/outbox';
import { insertOutboxEntries } from '../../server/storage/email-outbox';
import { emailOutbox } from '../../shared/schema';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { expectErrorLogs } from '../helpers/log-recorder';
import { testEnv, useTestApp } from '../helpers/test-app';
import { NOW, listOutbox, validRequest } from '../helpers/bookings';
import { TEST_SESSION_SECRET } from '../helpers/voice';

// Several instances of the site deliver one outbox (one database): each mail reaches the SMTP
// server once, a crashed instance's mail is sent by another, failures back off, and a
// verification code does not wait behind bulk mail.

const MAIL_WAIT = { timeout: 15_000, interval: 50 };
const after = (ms: number, from = NOW) => new Date(from.getTime() + ms);
const bulkMail = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    kind: 'bulk-test',
    toAddress: `bulk${n}@example.com`,
    subject: `Bulk ${n}`,
    body: `Body ${n}`,
  }));

describe('outbox delivery across instances', () => {
  let smtp: FakeSmtpServer;
  const ctx = useTestApp({ now: () => NOW });

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.isRejecting = false;
  });
  // Runs before useTestApp's own afterAll drops the database.
  const ownPools: DatabaseHandle[] = [];
  afterAll(async () => {
    await smtp?.close();
    for (const handle of ownPools) await handle.close();
  });

  /**
   * The database as another instance opens it: on PostgreSQL a connection pool of its own, as a
   * separate process has; embedded PGlite belongs to one process, so instances share its handle.
   */
  async function openInstanceDatabase(): Promise<DatabaseHandle> {
    if (ctx.database.driver === 'pglite') return ctx.database;
    const { rows } = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    ownPools.push(handle);
    return handle;
  }

  /** The configuration of every instance: one SMTP server, one owner. */
  const instanceEnv = () =>
    testEnv({
      SMTP_URL: smtp.url,
      SMTP_FROM: 'alex@example.com',
      OWNER_EMAIL: 'owner@example.com',
      SESSION_SECRET: TEST_SESSION_SECRET,
      CONTACT_RATE_LIMIT_PER_HOUR: '1000',
    });
  /** Another instance of the site on the same database, with its own mail delivery. */
  const startInstance = (now: () => Date = () => NOW, database = ctx.database) =>
    createAppContext({ ...ctx.deps, database, env: instanceEnv(), now });
  const outboxRow = async (id: string) =>
    (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it('sends each of 30 bookings made through 3 instances exactly once', async () => {
    const databases = await Promise.all([1, 2, 3].map(() => openInstanceDatabase()));
    const instances = databases.map((database) => startInstance(() => NOW, database));
    const apps = instances.map((instance) => createApp(instance));
    // Each booking flushes its instance's outbox at once, so the three deliveries overlap.
    await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        request(apps[n % 3]!)
          .post('/api/contact-requests')
          .send(validRequest())
          .expect(201),
      ),
    );
    // Every instance keeps flushing, as its periodic retry would, until all is sent.
    await vi.waitFor(async () => {
      await Promise.all(instances.map((instance) => instance.mail.flush()));
      const outbox = await listOutbox(ctx.database);
      expect(outbox.filter((row) => row.status === 'sent')).toHaveLength(60);
    }, MAIL_WAIT);

    const outbox = await listOutbox(ctx.database);
    expect(outbox).toHaveLength(60);
    expect(outbox.every((row) => row.attempts === 0 && row.claimedUntil === null)).toBe(true);
    expect(smtp.received).toHaveLength(60);
    const visitors = smtp.received.flatMap((mail) => mail.to).filter((to) => to !== 'owner@example.com');
    expect(new Set(visitors).size).toBe(30);
    expect(visitors).toHaveLength(30);
    const requestIds = smtp.received
      .filter((mail) => mail.to.includes('owner@example.com'))
      .map((mail) => /Request id: (\S+)/.exec(mail.data)?.[1]);
    expect(new Set(requestIds).size).toBe(30);
  });

  it('sends 200 queued mails once with 3 delivery loops flushing together', async () => {
    await insertOutboxEntries(ctx.database.db, bulkMail(200));
    const databases = await Promise.all([1, 2, 3].map(() => openInstanceDatabase()));
    const loops = databases.map(({ db }) => createMailDelivery(instanceEnv(), db, () => NOW));
    await vi.waitFor(async () => {
      await Promise.all(loops.map((loop) => loop.flush()));
      const outbox = await listOutbox(ctx.database);
      expect(outbox.filter((row) => row.status === 'sent')).toHaveLength(200);
    }, MAIL_WAIT);

    expect(smtp.received).toHaveLength(200);
    expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(200);
    const outbox = await listOutbox(ctx.database);
    expect(
      outbox.map((row) => [row.status, row.attempts]).filter(([s, a]) => s !== 'sent' || a !== 0),
    ).toEqual([]);
  });

  it('retries a row whose instance stopped while sending it, once the lease is over', async () => {
    const [row] = await insertOutboxEntries(ctx.database.db, bulkMail(1));
    // What an instance that claimed the row and then crashed leaves behind.
    await ctx.database.db
      .update(emailOutbox)
      .set({ attempts: 1, claimedUntil: after(LEASE_MS) })
      .where(eq(emailOutbox.id, row!.id));

    // Within the lease the row still belongs to the crashed instance.
    await createMailDelivery(instanceEnv(), ctx.database.db, () => after(LEASE_MS - 1_000)).flush();
    expect(smtp.received).toHaveLength(0);
    expect(await outboxRow(row!.id)).toMatchObject({ status: 'pending', attempts: 1 });

    const later = () => after(LEASE_MS + 1_000);
    await createMailDelivery(instanceEnv(), ctx.database.db, later).flush();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['bulk0@example.com']]);
    expect(await outboxRow(row!.id)).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
  });

  it("does not let the owner's retry send a mail an instance is sending now", async () => {
    const [row] = await insertOutboxEntries(ctx.database.db, bulkMail(1));
    await ctx.database.db
      .update(emailOutbox)
      .set({ attempts: 1, claimedUntil: after(LEASE_MS) })
      .where(eq(emailOutbox.id, row!.id));
    await expect(retryMail(startInstance(), row!.id)).rejects.toMatchObject({
      status: 409,
      message: 'This e-mail is being sent right now.',
    });
    expect(await outboxRow(row!.id)).toMatchObject({ attempts: 1, claimedUntil: after(LEASE_MS) });
  });

  it('keeps a row as failed, without logging its address, when its instance stopped on the last attempt', async () => {
    const logs = expectErrorLogs();
    const [row] = await insertOutboxEntries(ctx.database.db, bulkMail(1));
    await ctx.database.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS, claimedUntil: after(LEASE_MS) })
      .where(eq(emailOutbox.id, row!.id));

    await createMailDelivery(instanceEnv(), ctx.database.db, () => after(LEASE_MS + 1_000)).flush();
    expect(smtp.received).toHaveLength(0);
    expect(await outboxRow(row!.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      claimedUntil: null,
    });
    expect(logs.filter((entry) => entry.msg === 'mail delivery gave up')).toHaveLength(1);
    expect(logs.some((entry) => entry.line.includes('bulk0@example.com'))).toBe(false);
  });

  it('retries a failing send with a growing wait, and sends it once when the server accepts', async () => {
    const logs = expectErrorLogs();
    smtp.isRejecting = true;
    const [row] = await insertOutboxEntries(ctx.database.db, bulkMail(1));
    let clock = NOW;
    const loops = [1, 2].map(() => createMailDelivery(instanceEnv(), ctx.database.db, () => clock));
    const flushAll = () => Promise.all(loops.map((loop) => loop.flush()));

    await flushAll();
    expect(await outboxRow(row!.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: after(getRetryDelayMs(1)),
    });
    expect((await outboxRow(row!.id)).lastError).toBeTruthy();
    // Not before its wait is over, however often the instances flush.
    clock = after(getRetryDelayMs(1) - 1_000);
    await flushAll();
    await flushAll();
    expect((await outboxRow(row!.id)).attempts).toBe(1);

    clock = after(getRetryDelayMs(1));
    await flushAll();
    const second = await outboxRow(row!.id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    // The second wait is longer than the first.
    expect(getRetryDelayMs(2)).toBeGreaterThan(getRetryDelayMs(1));
    expect(second.nextAttemptAt).toEqual(after(getRetryDelayMs(2), clock));

    smtp.isRejecting = false;
    clock = second.nextAttemptAt!;
    await flushAll();
    await flushAll();
    expect(smtp.received.map((mail) => mail.to)).toEqual([['bulk0@example.com']]);
    expect(await outboxRow(row!.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(logs.some((entry) => entry.line.includes('bulk0@example.com'))).toBe(false);
  });

  it('gives a failing mail up after the last attempt, logged without its address', async () => {
    const logs = expectErrorLogs();
    smtp.isRejecting = true;
    const [row] = await insertOutboxEntries(ctx.database.db, bulkMail(1));
    let clock = NOW;
    const delivery = createMailDelivery(instanceEnv(), ctx.database.db, () => clock);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await delivery.flush();
      expect((await outboxRow(row!.id)).attempts).toBe(attempt);
      clock = after(getRetryDelayMs(attempt), clock);
    }
    expect(await outboxRow(row!.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    // Given up: never tried again, even with the server back.
    smtp.isRejecting = false;
    clock = after(24 * 60 * 60_000, clock);
    await delivery.flush();
    expect(smtp.received).toHaveLength(0);
    expect((await outboxRow(row!.id)).attempts).toBe(MAX_ATTEMPTS);
    const gaveUp = logs.filter((entry) => entry.msg === 'mail delivery gave up');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toMatchObject({ id: row!.id, kind: 'bulk-test', attempts: MAX_ATTEMPTS });
    expect(logs.some((entry) => entry.line.includes('bulk0@example.com'))).toBe(false);
  });

  /** Once a test has seen what it needs, the rest of the bulk is taken out so the round ends. */
  async function finishRound(instance: ReturnType<typeof startInstance>) {
    await ctx.database.db
      .update(emailOutbox)
      .set({ status: 'sent' })
      .where(eq(emailOutbox.kind, 'bulk-test'));
    await instance.mail.flush();
  }
  const askCode = (instance: ReturnType<typeof startInstance>, email: string) =>
    request(createApp(instance))
      .post('/api/verification-codes')
      .set('Cookie', `browser_key=${'b'.repeat(43)}`)
      .send({ email })
      .expect(202);

  it('sends a verification code queued behind 300 bulk mails in the first batch', async () => {
    await insertOutboxEntries(ctx.database.db, bulkMail(300));
    const instance = startInstance();
    // Writes the code and flushes: the round's first claim holds the code, ahead of the bulk.
    await askCode(instance, 'waiting@example.com');
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(1), MAIL_WAIT);
    await finishRound(instance);
    expect(smtp.received[0]?.to).toEqual(['waiting@example.com']);
  });

  it('sends a code asked for during a long round within the next batch', async () => {
    await insertOutboxEntries(ctx.database.db, bulkMail(300));
    const instance = startInstance();
    void instance.mail.flush();
    await vi.waitFor(() => expect(smtp.received.length).toBeGreaterThanOrEqual(3), MAIL_WAIT);
    const sentBefore = smtp.received.length;
    await askCode(instance, 'waiting@example.com');
    const codePosition = () => smtp.received.findIndex((mail) => mail.to.includes('waiting@example.com'));
    await vi.waitFor(() => expect(codePosition()).toBeGreaterThanOrEqual(0), MAIL_WAIT);
    await finishRound(instance);
    // At most the rest of the batch being sent goes before it, not the 300 queued.
    expect(codePosition()).toBeLessThanOrEqual(sentBefore + BATCH_SIZE);
  });
});
