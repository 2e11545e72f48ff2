import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createMailDelivery } from '../../server/services/mail/mail-delivery';
import { DEFAULT_BOOKING_SETTINGS } from '../../shared/availability';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { testEnv, useTestApp } from '../helpers/test-app';
import { NOW, icsValue, listContactRequests, listOutbox, unfoldIcs, validRequest } from '../helpers/bookings';
import { TEST_SESSION_SECRET } from '../helpers/voice';

// The reminder before a booked call goes out once, when it is due, however many instances
// deliver the outbox; and an owner who confirms at once (content) gets bookings confirmed everywhere.

const MAIL_WAIT = { timeout: 15_000, interval: 50 };
const SLOT = { scheduledDate: '2026-03-09', scheduledTime: '09:00' };
/** 09:00 ET on Monday, Mar 9 (EDT from Mar 8): 13:00 UTC; 24 h before is Sunday 13:00 UTC. */
const REMINDER_DUE = new Date('2026-03-08T13:00:00Z');

describe('booking reminders and instant confirmation', () => {
  let smtp: FakeSmtpServer;
  const ctx = useTestApp({
    now: () => NOW,
    env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000', SESSION_SECRET: TEST_SESSION_SECRET },
  });
  const ownPools: DatabaseHandle[] = [];
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    ctx.content.booking = DEFAULT_BOOKING_SETTINGS;
  });
  afterAll(async () => {
    ctx.content.booking = DEFAULT_BOOKING_SETTINGS;
    await smtp?.close();
    for (const handle of ownPools) await handle.close();
  });

  /** Another instance's own pool on PostgreSQL; PGlite belongs to one process. */
  async function openInstanceDatabase(): Promise<DatabaseHandle> {
    if (ctx.database.driver === 'pglite') return ctx.database;
    const { rows } = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const handle = await openDatabase({ databaseUrl: url.toString() });
    ownPools.push(handle);
    return handle;
  }
  const mailEnv = () => testEnv({ SMTP_URL: smtp.url, SMTP_FROM: 'alex@example.com' });
  const reminders = () => smtp.received.filter((mail) => /Subject: Reminder:/.test(mail.data));

  it('sends the reminder once, when due, with three instances delivering together', async () => {
    await request(ctx.app).post('/api/contact-requests').send(validRequest(SLOT)).expect(201);
    const reminder = (await listOutbox(ctx.database)).find((row) => row.kind === 'booking_visitor_reminder')!;
    expect(reminder.nextAttemptAt?.toISOString()).toBe(REMINDER_DUE.toISOString());
    expect(reminder.body).toMatch(/To reschedule or cancel: http:\/\/localhost:\d+\/booking#[0-9a-f]{32}\./);

    const databases = await Promise.all([1, 2, 3].map(() => openInstanceDatabase()));
    // Before it is due: the confirmation goes, the reminder waits.
    let clock = new Date(REMINDER_DUE.getTime() - 60_000);
    const loops = databases.map(({ db }) => createMailDelivery(mailEnv(), db, () => clock));
    await Promise.all(loops.map((loop) => loop.flush()));
    expect(smtp.received).toHaveLength(1);
    expect(reminders()).toHaveLength(0);

    clock = new Date(REMINDER_DUE.getTime() + 1_000);
    await vi.waitFor(async () => {
      await Promise.all(loops.map((loop) => loop.flush()));
      expect(reminders()).toHaveLength(1);
    }, MAIL_WAIT);
    // More rounds on every instance change nothing.
    await Promise.all(loops.flatMap((loop) => [loop.flush(), loop.flush()]));
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.data).toContain(
      'Subject: Reminder: your call with Alex Morgan, Monday, Mar 9 at 9:00 AM ET',
    );
  });

  it('writes no reminder for a call closer than the reminder time, nor when reminders are off', async () => {
    await request(ctx.app)
      .post('/api/contact-requests')
      .send(validRequest({ scheduledDate: '2026-03-05', scheduledTime: '09:00' }))
      .expect(201);
    ctx.content.booking = { ...DEFAULT_BOOKING_SETTINGS, reminderHoursBefore: 0 };
    await request(ctx.app).post('/api/contact-requests').send(validRequest(SLOT)).expect(201);
    expect((await listOutbox(ctx.database)).map((row) => row.kind)).not.toContain('booking_visitor_reminder');
  });

  it('confirms at once when the owner chose so: the request, the .ics and the mail agree', async () => {
    ctx.content.booking = { ...DEFAULT_BOOKING_SETTINGS, confirmAtOnce: true };
    await request(ctx.app).post('/api/contact-requests').send(validRequest(SLOT)).expect(201);
    const [row] = await listContactRequests(ctx.database);
    expect(row!.isConfirmed).toBe(true);
    const mail = (await listOutbox(ctx.database)).find(
      (entry) => entry.kind === 'booking_visitor_confirmation',
    )!;
    expect(mail.body).toContain('Alex Morgan has confirmed it.');
    expect(icsValue(unfoldIcs(mail.icsContent!), 'STATUS')).toBe('CONFIRMED');
    // A request without a slot still waits for the owner.
    await request(ctx.app).post('/api/contact-requests').send(validRequest()).expect(201);
    expect((await listContactRequests(ctx.database))[1]!.isConfirmed).toBe(false);
  });
});
