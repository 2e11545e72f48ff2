import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactRequests,
  conversations,
  emailOutbox,
  messages,
  processedEvents,
  unansweredQuestions,
  voiceSessions,
} from '../../shared/schema';
import { createAppContext } from '../../server/app-context';
import { startBackgroundJobs } from '../../server/background-jobs';
import { Lifecycle } from '../../server/lib/lifecycle';
import { createMailDelivery, VERIFICATION_CODE_KIND } from '../../server/services/mail/mail-delivery';
import { sweepRetention } from '../../server/services/retention/sweep-retention';
import { ERASED } from '../../server/storage/retention';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { testEnv, useTestApp } from '../helpers/test-app';
import { insertUser } from '../helpers/voice';

// RETENTION_DAYS (365 by default): old conversations, voice transcripts, mail and unbooked
// contact requests go; old bookings lose their personal data; verification-code mails leave the
// outbox once sent or expired; webhook event ids after 30 days.

const NOW = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('retention sweep', () => {
  const ctx = useTestApp({ now: () => NOW });
  const db = () => ctx.database.db;

  async function seedConversation(createdAt: Date, lastMessageAt: Date, question?: Date) {
    const [row] = await db().insert(conversations).values({ visitorName: 'Kim', createdAt }).returning();
    await db()
      .insert(messages)
      .values([
        { conversationId: row!.id, role: 'user', content: 'hello', timestamp: createdAt },
        { conversationId: row!.id, role: 'assistant', content: 'hi', timestamp: lastMessageAt },
      ]);
    if (question)
      await db()
        .insert(unansweredQuestions)
        .values({ conversationId: row!.id, question: 'q', createdAt: question });
    return row!.id;
  }

  const contact = (overrides: Partial<typeof contactRequests.$inferInsert>) => ({
    fullName: 'Kim Lee',
    phoneNumber: '+1 555 0100',
    email: 'kim@example.com',
    purpose: 'a project',
    ...overrides,
  });

  it('removes what is older than RETENTION_DAYS and keeps the rest', async () => {
    const old = await seedConversation(daysAgo(400), daysAgo(390));
    const revived = await seedConversation(daysAgo(400), daysAgo(10), daysAgo(380));
    const recent = await seedConversation(daysAgo(10), daysAgo(10));

    const user = await insertUser(db());
    const turns = { provider: 'browser', turns: [{ role: 'user', content: 'my secret plan' }] };
    const [oldCall, newCall] = await db()
      .insert(voiceSessions)
      .values([
        {
          userId: user.id,
          status: 'ended',
          transcript: 'said long ago',
          metadata: turns,
          billedMinutes: 4,
          createdAt: daysAgo(400),
        },
        {
          userId: user.id,
          status: 'ended',
          transcript: 'said lately',
          metadata: turns,
          billedMinutes: 2,
          createdAt: daysAgo(3),
        },
      ])
      .returning();

    const mail = (kind: string, createdAt: Date) => ({
      kind,
      toAddress: 'kim@example.com',
      subject: 's',
      body: 'b',
      createdAt,
    });
    await db()
      .insert(emailOutbox)
      .values([
        { ...mail('visitor-confirmation', daysAgo(400)), status: 'sent' },
        mail('visitor-confirmation', daysAgo(10)),
        mail(VERIFICATION_CODE_KIND, minutesAgo(11)),
        mail(VERIFICATION_CODE_KIND, minutesAgo(5)),
      ]);
    await db()
      .insert(processedEvents)
      .values([
        { id: 'evt_old', source: 'stripe', type: 't', processedAt: daysAgo(31) },
        { id: 'evt_new', source: 'stripe', type: 't', processedAt: daysAgo(29) },
      ]);
    const [unbooked, pastBooking, recentBooking, unbookedRecent] = await db()
      .insert(contactRequests)
      .values([
        contact({ createdAt: daysAgo(400) }),
        contact({
          createdAt: daysAgo(420),
          scheduledDate: '2025-04-20',
          scheduledTime: '10:00',
          scheduledAt: daysAgo(405),
          isConfirmed: true,
        }),
        contact({
          createdAt: daysAgo(20),
          scheduledDate: '2026-05-20',
          scheduledTime: '10:00',
          scheduledAt: daysAgo(12),
        }),
        contact({ createdAt: daysAgo(20) }),
      ])
      .returning();

    const counts = await sweepRetention(ctx.deps);
    expect(counts).toEqual({
      verificationMails: 1,
      conversations: 1,
      unansweredQuestions: 1,
      voiceTranscripts: 1,
      outboxMails: 1,
      processedEvents: 1,
      contactRequests: 1,
      bookingsAnonymised: 1,
    });

    const conversationIds = (await db().select().from(conversations)).map((row) => row.id).sort();
    expect(conversationIds).toEqual([revived, recent].sort());
    expect(await db().select().from(messages).where(eq(messages.conversationId, old))).toEqual([]);
    expect(await db().select().from(unansweredQuestions)).toEqual([]);

    const calls = await db().select().from(voiceSessions);
    const oldAfter = calls.find((row) => row.id === oldCall!.id)!;
    expect(oldAfter).toMatchObject({ transcript: null, metadata: { provider: 'browser' }, billedMinutes: 4 });
    expect(calls.find((row) => row.id === newCall!.id)).toMatchObject({
      transcript: 'said lately',
      metadata: turns,
    });

    const mails = await db().select().from(emailOutbox);
    expect(mails.map((row) => [row.kind, row.createdAt.getTime()]).sort()).toEqual(
      [
        ['visitor-confirmation', daysAgo(10).getTime()],
        [VERIFICATION_CODE_KIND, minutesAgo(5).getTime()],
      ].sort(),
    );
    expect((await db().select().from(processedEvents)).map((row) => row.id)).toEqual(['evt_new']);

    const requests = await db().select().from(contactRequests);
    expect(requests.map((row) => row.id).sort()).toEqual(
      [pastBooking!.id, recentBooking!.id, unbookedRecent!.id].sort(),
    );
    expect(requests.find((row) => row.id === unbooked!.id)).toBeUndefined();
    expect(requests.find((row) => row.id === pastBooking!.id)).toMatchObject({
      fullName: ERASED,
      phoneNumber: ERASED,
      email: ERASED,
      purpose: null,
      scheduledDate: '2025-04-20',
      scheduledTime: '10:00',
      isConfirmed: true,
    });
    expect(requests.find((row) => row.id === recentBooking!.id)).toMatchObject(contact({}));

    // A second round finds nothing left to do.
    expect(Object.values(await sweepRetention(ctx.deps)).every((count) => count === 0)).toBe(true);
  });

  it('follows RETENTION_DAYS and deletes in batches past the batch size', async () => {
    const rows = Array.from({ length: 1_203 }, () => ({ createdAt: daysAgo(40) }));
    await db().insert(conversations).values(rows);
    await db()
      .insert(conversations)
      .values({ createdAt: daysAgo(20) });

    const kept = await sweepRetention(ctx.deps);
    expect(kept.conversations).toBe(0);
    const counts = await sweepRetention({ ...ctx.deps, env: testEnv({ RETENTION_DAYS: '30' }) });
    expect(counts.conversations).toBe(1_203);
    expect(await db().select().from(conversations)).toHaveLength(1);
  });

  it('runs when the server starts its background jobs', async () => {
    await seedConversation(daysAgo(400), daysAgo(400));
    const lifecycle = new Lifecycle();
    startBackgroundJobs(createAppContext({ ...ctx.deps, lifecycle }));
    // Stopping waits for the round in progress.
    await lifecycle.stop();
    expect(await db().select().from(conversations)).toEqual([]);
  });
});

describe('verification-code mails', () => {
  const ctx = useTestApp();
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp?.close());

  it('leave the outbox as soon as they are sent; other mail is kept as sent', async () => {
    const env = testEnv({ SMTP_URL: smtp.url, SMTP_FROM: 'site@example.com' });
    const mail = createMailDelivery(env, ctx.database.db, () => new Date());
    await ctx.database.db.insert(emailOutbox).values([
      {
        kind: VERIFICATION_CODE_KIND,
        toAddress: 'code@example.com',
        subject: 'code',
        body: 'Your code is 123456.',
      },
      { kind: 'visitor-confirmation', toAddress: 'code@example.com', subject: 'booked', body: 'See you.' },
    ]);
    await mail.flush();

    expect(smtp.received.filter((received) => received.to.includes('code@example.com'))).toHaveLength(2);
    const left = await ctx.database.db.select().from(emailOutbox);
    expect(left).toEqual([expect.objectContaining({ kind: 'visitor-confirmation', status: 'sent' })]);
  });
});
