import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import net from 'node:net';
import { expectErrorLogs } from '../helpers/log-recorder';
import { createApp } from '../../server/app';
import { createAppContext } from '../../server/app-context';
import { cancelContactRequest } from '../../server/services/booking/cancel-contact-request';
import { createMailDelivery } from '../../server/services/mail/mail-delivery';
import { insertOutboxEntries } from '../../server/storage/email-outbox';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { testEnv, useTestApp } from '../helpers/test-app';
import { NOW, listContactRequests, listOutbox, validRequest } from '../helpers/bookings';

/** How long to wait for the mail: it goes out after the answer, on its own time. */
const MAIL_WAIT = { timeout: 5_000, interval: 50 };

describe('booking e-mail delivery over SMTP', () => {
  let smtp: FakeSmtpServer;
  const ctx = useTestApp({ now: () => NOW });

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  // Failed sends are expected here and logged as errors.
  beforeEach(() => {
    expectErrorLogs();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const appWith = (env: Record<string, string>) =>
    ctx.rebuild({ env: { SMTP_URL: smtp.url, SMTP_FROM: 'Alex Morgan <alex@example.com>', ...env } });

  it('sends the owner notification and the visitor confirmation with the invite', async () => {
    smtp.received.length = 0;
    const app = appWith({ OWNER_EMAIL: 'owner@example.com' });
    await request(app)
      .post('/api/contact-requests')
      .send(validRequest({ email: 'jane@example.com', scheduledDate: '2026-03-09', scheduledTime: '09:00' }))
      .expect(201);

    await vi.waitFor(async () => {
      const outbox = await listOutbox(ctx.database);
      // The reminder waits until a day before the call.
      expect(outbox.map((row) => row.status)).toEqual(['sent', 'sent', 'pending']);
    }, MAIL_WAIT);
    const recipients = smtp.received
      .map((mail) => mail.to)
      .flat()
      .sort();
    expect(recipients).toEqual(['jane@example.com', 'owner@example.com']);
    for (const mail of smtp.received) {
      expect(mail.from).toBe('alex@example.com');
      expect(mail.data).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    }
    const toOwner = smtp.received.find((mail) => mail.to.includes('owner@example.com'))!;
    expect(toOwner.data).toContain('Subject: New call booked: Monday, Mar 9 at 9:00 AM ET');
  });

  it('sends the cancellation from the service that cancels, with no route involved', async () => {
    smtp.received.length = 0;
    const env = testEnv({
      SMTP_URL: smtp.url,
      SMTP_FROM: 'alex@example.com',
      OWNER_EMAIL: 'owner@example.com',
    });
    const appContext = createAppContext({ ...ctx.deps, env });
    const booked = await request(createApp(appContext))
      .post('/api/contact-requests')
      .send(validRequest({ email: 'jane@example.com', scheduledDate: '2026-03-09', scheduledTime: '09:00' }))
      .expect(201);
    await vi.waitFor(async () => expect(smtp.received).toHaveLength(2), MAIL_WAIT);

    await cancelContactRequest(appContext, booked.body.id);
    await vi.waitFor(async () => {
      const outbox = await listOutbox(ctx.database);
      expect(outbox.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    }, MAIL_WAIT);
    expect(smtp.received.slice(2).every((mail) => /method=CANCEL/i.test(mail.data))).toBe(true);
  });

  it('writes no owner copy while OWNER_EMAIL is unset, and sends the visitor', async () => {
    smtp.received.length = 0;
    const app = appWith({});
    await request(app)
      .post('/api/contact-requests')
      .send(validRequest({ email: 'sam@example.com' }))
      .expect(201);
    await vi.waitFor(async () => {
      const outbox = await listOutbox(ctx.database);
      expect(outbox.map((row) => [row.toAddress, row.status, row.attempts])).toEqual([
        ['sam@example.com', 'sent', 0],
      ]);
    }, MAIL_WAIT);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['sam@example.com']]);
  });

  it('never loses the booking when sending fails', async () => {
    smtp.received.length = 0;
    smtp.isRejecting = true;
    try {
      const app = appWith({ OWNER_EMAIL: 'owner@example.com' });
      const res = await request(app)
        .post('/api/contact-requests')
        .send(validRequest({ scheduledDate: '2026-03-10', scheduledTime: '10:00' }))
        .expect(201);
      await vi.waitFor(async () => {
        const outbox = await listOutbox(ctx.database);
        expect(outbox.map((row) => [row.status, row.attempts])).toEqual([
          ['pending', 1],
          ['pending', 1],
          // The reminder is not due yet: never tried.
          ['pending', 0],
        ]);
        expect(outbox[0]?.lastError).toBeTruthy();
      }, MAIL_WAIT);
      const rows = await listContactRequests(ctx.database);
      expect(rows.map((row) => row.id)).toEqual([res.body.id]);
      const slots = await request(app).get('/api/bookings/slots').expect(200);
      expect(slots.body).toEqual([{ date: '2026-03-10', time: '10:00' }]);
    } finally {
      smtp.isRejecting = false;
    }
  });

  it('answers without waiting for the mail server', async () => {
    // A server that accepts the connection and never greets: sending would hang until timeouts.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const app = ctx.rebuild({
        env: { SMTP_URL: `smtp://127.0.0.1:${port}`, OWNER_EMAIL: 'owner@example.com' },
      });
      const started = Date.now();
      await request(app).post('/api/contact-requests').send(validRequest()).expect(201);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await listContactRequests(ctx.database)).toHaveLength(1);
    } finally {
      // The mail server goes away: both sends fail and stay pending for a retry.
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    await vi.waitFor(async () => {
      const outbox = await listOutbox(ctx.database);
      expect(outbox.map((row) => [row.status, row.attempts])).toEqual([
        ['pending', 1],
        ['pending', 1],
      ]);
    }, MAIL_WAIT);
  });
});

describe('e-mail kept in the outbox without SMTP (development)', () => {
  const ctx = useTestApp({ now: () => NOW });

  it('prints each kept message once, newest included however many wait before it', async () => {
    const entry = (n: number) => ({
      kind: 'test',
      toAddress: `visitor${n}@example.com`,
      subject: `Message ${n}`,
      body: `Body ${n}`,
    });
    // More than one batch waits; the newest must still be printed.
    for (let n = 1; n <= 25; n++) await insertOutboxEntries(ctx.database.db, [entry(n)]);
    const printed: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      const delivery = createMailDelivery(testEnv({ NODE_ENV: 'development' }), ctx.database.db, () => NOW);
      await delivery.flush();
      await insertOutboxEntries(ctx.database.db, [entry(26)]);
      await delivery.flush();
    } finally {
      spy.mockRestore();
    }
    const text = printed.join('');
    expect(text).toContain('Subject: Message 25\n\nBody 25');
    expect(text).toContain('To: visitor26@example.com');
    // Printed once each: the second round prints only the new message.
    expect(text.match(/Subject: Message 25\n/g)).toHaveLength(1);
    expect((await listOutbox(ctx.database)).every((row) => row.status === 'pending')).toBe(true);
  });
});
