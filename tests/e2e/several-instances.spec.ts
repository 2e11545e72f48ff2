import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_REMINDER } from '../../server/services/mail/booking-reminder-email';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/smtp-server';
import { pickFullDate } from '../helpers/booking-limits';
import { startServer, type RunningServer } from '../helpers/e2e';
import {
  SERVED_BY_HEADER,
  VISITOR_HEADER,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from '../helpers/round-robin-proxy';

// The site scaled out as the README's "Several instances" describes: three processes of the built
// server on one PostgreSQL, behind a round-robin proxy, with nothing shared but the database.
// What one instance decides, the others must know: a slot booked, a visitor's rate limit, a
// verification code, a mail claimed; and three instances must be able to start at once on an
// empty database. PGlite belongs to one process, so this suite needs PostgreSQL.

const ROOT = path.resolve(import.meta.dirname, '../..');
const INSTANCES = 3;
const CONTACT_LIMIT = 3;
/** Starts of three on an empty database besides the suite's own (about 9 s each here). */
const EXTRA_START_ROUNDS = 4;
const OWNER_ZONE = 'America/New_York';
const CODE_SUBJECT = "Your verification code for Alex Morgan's voice clone";
const MIGRATIONS = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'several-instances.spec.ts runs three servers on one PostgreSQL: set TEST_DATABASE_URL ' +
        '(.ci/run sets it; locally: export TEST_DATABASE_URL=$(bash scripts/local-postgres.sh))',
    );
  return url;
}

async function runAdmin(query: string) {
  const admin = new pg.Client({ connectionString: requireTestDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A fresh, empty PostgreSQL database: its URL, a client on it, and its removal. */
async function createEmptyDatabase() {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  const url = new URL(requireTestDatabaseUrl());
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end();
      await runAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** Starts INSTANCES servers at the same moment on one database; all of them, or the first failure. */
async function startInstances(databaseUrl: string, env: Record<string, string> = {}) {
  const started = await Promise.allSettled(
    Array.from({ length: INSTANCES }, () =>
      startServer({
        DATABASE_URL: databaseUrl,
        // Unset: the instances agree on a secret kept in the database.
        SESSION_SECRET: '',
        TRUST_PROXY: '1',
        ...env,
      }),
    ),
  );
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = started.find((result) => result.status === 'rejected');
  if (failure) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failure.reason;
  }
  return servers;
}

let visitors = 0;
/** A new visitor's address (TEST-NET-3), one per call. */
const newVisitor = () => {
  visitors += 1;
  return `203.0.113.${visitors}`;
};

describe('several instances on one PostgreSQL behind a proxy', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let smtp: FakeSmtpServer;
  let servers: RunningServer[] = [];
  let proxy: RoundRobinProxy;
  /** Addresses a verification code was asked for, once each. */
  const codesAsked: string[] = [];

  beforeAll(async () => {
    database = await createEmptyDatabase();
    smtp = await startFakeSmtpServer();
    servers = await startInstances(database.url, {
      SMTP_URL: smtp.url,
      SMTP_FROM: 'alex@example.com',
      OWNER_EMAIL: 'owner@example.com',
      CONTACT_RATE_LIMIT_PER_HOUR: String(CONTACT_LIMIT),
    });
    proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  });
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await smtp?.close();
    await database?.drop();
  });

  /** A request through the proxy, as the visitor at `visitor`. */
  const send = (
    visitor: string,
    pathname: string,
    init: { method?: string; body?: unknown; cookie?: string } = {},
  ) =>
    fetch(`${proxy.url}${pathname}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        [VISITOR_HEADER]: visitor,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const servedBy = (res: Response) => Number(res.headers.get(SERVED_BY_HEADER));
  const contactRequest = (overrides: Record<string, unknown> = {}) => {
    const n = randomBytes(4).toString('hex');
    return {
      fullName: `Visitor ${n}`,
      phoneNumber: '+1 617 555 0142',
      email: `visitor.${n}@example.com`,
      purpose: 'A RAG assistant for our support team',
      ...overrides,
    };
  };

  it('starts three instances at once on an empty database, migrating it once', async () => {
    expect(servers).toHaveLength(INSTANCES);
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const { rows } = await database.client.query<{ count: string }>(
      'select count(*) from drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.count)).toBe(MIGRATIONS);
  });

  it('gives a slot to exactly one of the visitors racing for it, whichever instance they reach', async () => {
    const racers = 4 * INSTANCES;
    const slot = { scheduledDate: pickFullDate(OWNER_ZONE, 2), scheduledTime: '11:00' };
    const answers = await Promise.all(
      Array.from({ length: racers }, () =>
        send(newVisitor(), '/api/contact-requests', { body: contactRequest(slot) }),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(racers - 1).fill(409)]);
    expect(new Set(answers.map(servedBy)).size).toBe(INSTANCES);

    const slots = (await (await send(newVisitor(), '/api/bookings/slots')).json()) as unknown[];
    expect(slots).toEqual([{ date: slot.scheduledDate, time: slot.scheduledTime }]);
  });

  it('counts a visitor’s requests against one limit across the instances', async () => {
    const visitor = newVisitor();
    const answers: Response[] = [];
    for (let n = 0; n < CONTACT_LIMIT + 2; n += 1)
      answers.push(await send(visitor, '/api/contact-requests', { body: contactRequest() }));
    expect(answers.map((res) => res.status)).toEqual([...Array<number>(CONTACT_LIMIT).fill(201), 429, 429]);
    // Each instance alone saw fewer requests than the limit.
    expect(new Set(answers.map(servedBy)).size).toBe(INSTANCES);
    // The limit is the visitor's, read from the proxy's header: another visitor is not refused.
    expect((await send(newVisitor(), '/api/contact-requests', { body: contactRequest() })).status).toBe(201);
  });

  it('accepts on one instance the code another instance sent, and the cookie on every instance', async () => {
    const visitor = newVisitor();
    const email = `voice.${randomBytes(4).toString('hex')}@example.com`;
    const browser = `browser_key=${randomBytes(32).toString('base64url')}`;

    const asked = await send(visitor, '/api/verification-codes', { body: { email }, cookie: browser });
    expect(asked.status).toBe(202);
    codesAsked.push(email);
    let code: string | undefined;
    await expect
      .poll(
        () => {
          const mail = smtp.received.find((received) => received.to.includes(email));
          code = mail && /verification code is (\d{6})/.exec(mail.data)?.[1];
          return code;
        },
        { timeout: 15_000, interval: 50 },
      )
      .toBeDefined();

    const verified = await send(visitor, '/api/verification-codes/verify', {
      body: { email, code },
      cookie: browser,
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(servedBy(verified)).not.toBe(servedBy(asked));
    const access = verified.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('voice_access='))
      ?.split(';')[0];
    expect(access).toBeDefined();

    for (const server of servers) {
      const res = await fetch(`${server.url}/api/subscription-user`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `${browser}; ${access}` },
        body: JSON.stringify({ email }),
      });
      expect(((await res.json()) as { isVerified: boolean }).isVerified).toBe(true);
    }
  });

  it('sends each mail of the outbox once, whichever instances deliver it', async () => {
    const bookings = 30;
    const answers = await Promise.all(
      Array.from({ length: bookings }, () =>
        send(newVisitor(), '/api/contact-requests', { body: contactRequest() }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array<number>(bookings).fill(201));

    // A visitor's reminder waits in the outbox until a day before the call: only mail that is due
    // is delivered now. (A row not yet tried has no next_attempt_at: it is due.)
    const HELD = "(status = 'pending' and next_attempt_at > now())";
    const DUE = `not coalesce(${HELD}, false)`;
    const countOutbox = async () => {
      const { rows } = await database.client.query<{ status: string; count: string }>(
        `select status, count(*) from email_outbox where ${DUE} group by status`,
      );
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    };
    await expect.poll(countOutbox, { timeout: 30_000, interval: 100 }).toEqual({ sent: expect.any(Number) });
    const { rows: held } = await database.client.query<{ kind: string }>(
      `select distinct kind from email_outbox where ${HELD}`,
    );
    expect(held.map((row) => row.kind).filter((kind) => kind !== VISITOR_REMINDER)).toEqual([]);
    // Let a second delivery of any mail arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const { rows } = await database.client.query<{ to_address: string; subject: string }>(
      `select to_address, subject from email_outbox where ${DUE}`,
    );
    // A verification code's row is deleted once it is sent (its body holds the code): the codes
    // asked for above are expected besides what the outbox still holds.
    const expected = [
      ...rows.map((row) => `${row.to_address} ${row.subject}`),
      ...codesAsked.map((email) => `${email} ${CODE_SUBJECT}`),
    ].sort();
    const subjectOf = (data: string) => /^Subject: (.*)$/m.exec(data)?.[1] ?? '';
    const received = smtp.received.map((mail) => `${mail.to.join(',')} ${subjectOf(mail.data)}`).sort();
    console.info(
      `several instances: ${expected.length} mails queued (${codesAsked.length} of them codes), ` +
        `${smtp.received.length} received by SMTP`,
    );
    expect(received).toEqual(expected);
  });

  it('starts three instances at once on an empty database, round after round', async () => {
    for (let round = 0; round < EXTRA_START_ROUNDS; round += 1) {
      const fresh = await createEmptyDatabase();
      try {
        const started = await startInstances(fresh.url);
        await Promise.all(started.map((server) => server.stop()));
        const { rows } = await fresh.client.query<{ count: string }>(
          'select count(*) from drizzle.__drizzle_migrations',
        );
        expect(Number(rows[0]!.count)).toBe(MIGRATIONS);
      } finally {
        await fresh.drop();
      }
    }
  }, 180_000);
});
