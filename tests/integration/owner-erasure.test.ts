import { sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  contactRequests,
  conversations,
  emailOutbox,
  emailClaims,
  emailVerifications,
  messages,
  subscriptionUsers,
  unansweredQuestions,
  voiceSessions,
} from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';
import { insertUser, startCheckout, TEST_SESSION_SECRET } from '../helpers/voice';

// POST /api/owner/erasure {email}: one person leaves every table; another is untouched. The
// check scans every text and JSON column of every table (information_schema), so a table added
// later is covered without changing this test.

const TOKEN = 'owner-token-for-erasure-tests-0123';

interface Person {
  email: string;
  /** As the visitor typed it on the booking form. */
  typedEmail: string;
  name: string;
  phone: string;
}

const ANNIKA: Person = {
  email: 'annika.sorensen@example.com',
  typedEmail: 'Annika.Sorensen@Example.com',
  name: 'Annika Sorensen',
  phone: '+45 2012 3456',
};
const BRUNO: Person = {
  email: 'bruno.keller@example.net',
  typedEmail: 'bruno.keller@example.net',
  name: 'Bruno Keller',
  phone: '+41 79 555 0101',
};

describe('erasure by e-mail', () => {
  const ctx = useTestApp({
    env: {
      OWNER_API_TOKEN: TOKEN,
      CHECKOUT_RATE_LIMIT_PER_HOUR: '1000',
      SESSION_SECRET: TEST_SESSION_SECRET,
    },
  });
  const db = () => ctx.database.db;
  const erase = (email: unknown) =>
    request(ctx.app).post('/api/owner/erasure').set('Authorization', `Bearer ${TOKEN}`).send({ email });

  /** Every row of every table in which `needle` occurs in a text or JSON column, as JSON text. */
  async function rowsContaining(needle: string): Promise<string[]> {
    const columns = await db().execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by table_name, column_name`);
    expect(columns.rows.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      const rows = await db().execute<{ row: string }>(sql`
        select row_to_json(t)::text as row from ${sql.identifier(table)} t
        where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`);
      found.push(...rows.rows.map((row) => `${table}: ${row.row}`));
    }
    return [...new Set(found)].sort();
  }
  const traces = async (person: Person) =>
    [
      ...(await rowsContaining(person.email)),
      ...(await rowsContaining(person.name)),
      ...(await rowsContaining(person.phone)),
    ].sort();

  /** Data in every table that can hold a person; `isStripe` links the subscription to Stripe. */
  async function seed(person: Person, isStripe: boolean) {
    const [conversation] = await db()
      .insert(conversations)
      .values({
        visitorName: person.name,
        visitorEmail: person.typedEmail,
        visitorPhone: person.phone,
        purpose: 'x',
      })
      .returning();
    await db()
      .insert(messages)
      .values([
        {
          conversationId: conversation!.id,
          role: 'user',
          content: `I am ${person.name}, call ${person.phone}`,
        },
        { conversationId: conversation!.id, role: 'assistant', content: 'Thanks!' },
      ]);
    await db().insert(unansweredQuestions).values({ conversationId: conversation!.id, question: 'Rates?' });
    // A chat the visitor never named themselves in, linked only through the booking it led to.
    const [linked] = await db().insert(conversations).values({}).returning();
    await db()
      .insert(messages)
      .values({ conversationId: linked!.id, role: 'user', content: 'My project is secret' });

    const [booking] = await db()
      .insert(contactRequests)
      .values({
        fullName: person.name,
        phoneNumber: person.phone,
        email: person.typedEmail,
        purpose: `${person.name} wants a review`,
        scheduledDate: person === ANNIKA ? '2026-09-01' : '2026-09-02',
        scheduledTime: '10:00',
        scheduledAt: new Date('2026-09-01T14:00:00Z'),
        conversationId: linked!.id,
      })
      .returning();
    await db()
      .insert(emailOutbox)
      .values([
        {
          kind: 'visitor-confirmation',
          toAddress: person.typedEmail,
          subject: 'Your call',
          body: `Hi ${person.name}`,
        },
        {
          kind: 'owner-notification',
          toAddress: 'owner',
          subject: 'New call booked',
          body: `Name: ${person.name}\nPhone: ${person.phone}\nE-mail: ${person.typedEmail}`,
          icsContent: `ATTENDEE;CN=${person.name}:mailto:${person.typedEmail}`,
          contactRequestId: booking!.id,
        },
        { kind: 'verification-code', toAddress: person.email, subject: 'Code', body: 'Your code is 123456.' },
      ]);
    await db()
      .insert(emailVerifications)
      .values({ email: person.email, codeHash: 'hash', expiresAt: new Date(Date.now() + 600_000) });
    await db()
      .insert(emailClaims)
      .values({ email: person.email, browserKeyHash: `browser-of-${person.email}` });

    const [first, last] = person.name.split(' ');
    const user = await insertUser(db(), {
      email: person.email,
      status: 'canceled',
      ...(isStripe ? { stripeCustomerId: `cus_${first}`, stripeSubscriptionId: `sub_${first}` } : {}),
    });
    await db()
      .update(subscriptionUsers)
      .set({ firstName: first, lastName: last })
      .where(sql`id = ${user.id}`);
    await db()
      .insert(voiceSessions)
      .values({
        userId: user.id,
        status: 'ended',
        transcript: `Caller: this is ${person.name}`,
        metadata: { provider: 'browser', turns: [{ role: 'user', content: `my number is ${person.phone}` }] },
        billedMinutes: 3,
      });
    // A demo checkout (the test app's billing): a checkout_sessions row and a session in memory.
    await startCheckout(ctx.app, person.email).expect(200);
    return { user };
  }

  it('removes one person from every table and leaves the other untouched', async () => {
    const annika = await seed(ANNIKA, true);
    await seed(BRUNO, false);
    const brunoBefore = await traces(BRUNO);
    expect(brunoBefore.length).toBeGreaterThan(10);
    expect((await traces(ANNIKA)).length).toBeGreaterThan(10);

    const res = await erase(` ${ANNIKA.typedEmail} `).expect(200);
    expect(res.body.erased).toEqual({
      conversations: 2,
      messages: 3,
      unansweredQuestions: 1,
      contactRequestsAnonymised: 1,
      outboxMails: 3,
      verificationCodes: 1,
      voiceTranscripts: 1,
      subscriptionUsersDeleted: 0,
      subscriptionUsersAnonymised: 1,
      demoCheckouts: 1,
    });
    expect(res.body.notes).toEqual([expect.stringMatching(/bookings/), expect.stringMatching(/Stripe/)]);
    const answer = JSON.stringify(res.body).toLowerCase();
    for (const value of [ANNIKA.email, ANNIKA.name, ANNIKA.phone])
      expect(answer).not.toContain(value.toLowerCase());

    expect(await traces(ANNIKA)).toEqual([]);
    expect(await traces(BRUNO)).toEqual(brunoBefore);

    // What stays for accounting and the owner's records.
    const [kept] = await db()
      .select()
      .from(subscriptionUsers)
      .where(sql`id = ${annika.user.id}`);
    expect(kept).toMatchObject({
      stripeCustomerId: 'cus_Annika',
      subscriptionStatus: 'canceled',
      firstName: null,
    });
    const [session] = await db()
      .select()
      .from(voiceSessions)
      .where(sql`user_id = ${annika.user.id}`);
    expect(session).toMatchObject({ transcript: null, billedMinutes: 3, metadata: { provider: 'browser' } });
    const bookings = await db()
      .select()
      .from(contactRequests)
      .where(sql`scheduled_date = '2026-09-01'`);
    expect(bookings).toEqual([expect.objectContaining({ scheduledTime: '10:00', purpose: null })]);

    // Idempotent: a second request finds nothing and says so.
    const again = await erase(ANNIKA.email).expect(200);
    expect(Object.values(again.body.erased).every((count) => count === 0)).toBe(true);
  });

  it('deletes a subscription user without Stripe outright, with its voice sessions', async () => {
    const bruno = await seed(BRUNO, false);
    const res = await erase(BRUNO.email).expect(200);
    expect(res.body.erased).toMatchObject({
      subscriptionUsersDeleted: 1,
      subscriptionUsersAnonymised: 0,
      voiceTranscripts: 1,
    });
    expect(
      await db()
        .select()
        .from(voiceSessions)
        .where(sql`user_id = ${bruno.user.id}`),
    ).toEqual([]);
    expect(await traces(BRUNO)).toEqual([]);
  });

  it('validates the address and needs the owner token', async () => {
    const bad = await erase('not-an-address').expect(400);
    expect(bad.body.message).toEqual(expect.any(String));
    await request(ctx.app).post('/api/owner/erasure').send({ email: ANNIKA.email }).expect(401);
  });
});
