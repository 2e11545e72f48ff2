import { inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contactRequests } from '../../shared/schema';
import { DESK_PAGE_SIZE } from '../../shared/owner-desk';
import { useTestApp } from '../helpers/test-app';

// The owner's leads and contact requests a page at a time (issue 26): each list pages by its
// order and id, so walking it shows every row once, in the order of the unpaged list, while rows
// are marked done or arrive between pages.

const TOKEN = 'owner-token-for-tests-0123456789';
const NOW = new Date('2026-03-04T15:00:00Z');

interface Lead {
  id: string;
  fullName: string;
}

describe('owner desk: leads and contact requests a page at a time', () => {
  const ctx = useTestApp({ now: () => NOW, env: { OWNER_API_TOKEN: TOKEN } });
  const get = (path: string, query: Record<string, string> = {}) =>
    request(ctx.app).get(path).query(query).set('Authorization', `Bearer ${TOKEN}`);
  const db = () => ctx.database.db;

  /** `count` open calls on distinct days, three to an instant (ties broken by id). */
  async function seedCalls(count: number) {
    await db().execute(sql`
      insert into contact_requests (full_name, phone_number, email, scheduled_date, scheduled_time, scheduled_at)
      select 'Caller ' || k, '+1 555 0100', 'caller' || k || '@example.com', date '2026-04-01' + k, '09:00',
             ${NOW.toISOString()}::timestamptz + make_interval(hours => k / 3)
      from generate_series(1, ${count}) as k`);
  }

  /** `count` open requests without a slot, three to an instant. */
  async function seedRequests(count: number, name = 'Asker') {
    await db().execute(sql`
      insert into contact_requests (full_name, phone_number, email, preferred_time, created_at)
      select ${name} || ' ' || k, '+1 555 0101', 'asker' || k || '@example.com', 'Mornings',
             ${NOW.toISOString()}::timestamptz - make_interval(mins => k / 3)
      from generate_series(1, ${count}) as k`);
  }

  /** Every row of a list in the order the unpaged list gives it. */
  const idsInOrder = async (where: string, order: string) =>
    (
      await db().execute<{ id: string }>(
        sql.raw(`select id from contact_requests where ${where} order by ${order}`),
      )
    ).rows.map((row) => row.id);

  async function walkLeads(list: 'calls' | 'requests', cursor: string | null, between?: () => Promise<void>) {
    const seen: string[] = [];
    while (cursor) {
      await between?.();
      const res = await get(`/api/owner/leads/${list}`, { cursor }).expect(200);
      const body = res.body as { leads: Lead[]; nextCursor: string | null };
      expect(body.leads.length).toBeLessThanOrEqual(DESK_PAGE_SIZE);
      seen.push(...body.leads.map((lead) => lead.id));
      cursor = body.nextCursor;
    }
    return seen;
  }

  it('gives a first page of calls and requests with cursors, and the rest page by page in order', async () => {
    await seedCalls(70);
    await seedRequests(40);
    const first = (await get('/api/owner/leads').expect(200)).body as {
      calls: Lead[];
      requests: Lead[];
      nextCallsCursor: string | null;
      nextRequestsCursor: string | null;
    };
    expect(first.calls).toHaveLength(DESK_PAGE_SIZE);
    expect(first.requests).toHaveLength(DESK_PAGE_SIZE);

    const calls = [...first.calls.map((c) => c.id), ...(await walkLeads('calls', first.nextCallsCursor))];
    expect(calls).toEqual(await idsInOrder('scheduled_at is not null', 'scheduled_at, id'));
    const requests = [
      ...first.requests.map((r) => r.id),
      ...(await walkLeads('requests', first.nextRequestsCursor)),
    ];
    expect(requests).toEqual(await idsInOrder('scheduled_at is null', 'created_at desc, id desc'));

    // The sub-lists start with the same first page.
    const firstCalls = (await get('/api/owner/leads/calls').expect(200)).body as { leads: Lead[] };
    expect(firstCalls.leads.map((c) => c.id)).toEqual(calls.slice(0, DESK_PAGE_SIZE));
  });

  it('neither skips nor repeats a lead when others are marked done or arrive between pages', async () => {
    await seedCalls(70);
    const first = (await get('/api/owner/leads').expect(200)).body as {
      calls: Lead[];
      nextCallsCursor: string;
    };
    const open = await idsInOrder('scheduled_at is not null', 'scheduled_at, id');
    const doneOnFirstPage = first.calls[3]!.id;
    // Later pages: one marked done before it is reached, one shown then marked done.
    const doneAhead = open[50]!;
    let step = 0;
    const later = await walkLeads('calls', first.nextCallsCursor, async () => {
      step += 1;
      if (step === 1) {
        await request(ctx.app)
          .post(`/api/owner/contact-requests/${doneOnFirstPage}/done`)
          .set('Authorization', `Bearer ${TOKEN}`)
          .expect(200);
        await request(ctx.app)
          .post(`/api/owner/contact-requests/${doneAhead}/done`)
          .set('Authorization', `Bearer ${TOKEN}`)
          .expect(200);
        // Calls booked meanwhile, later than the page the owner is on.
        await db().execute(sql`
          insert into contact_requests (full_name, phone_number, email, scheduled_date, scheduled_time, scheduled_at)
          values ('Late booker', '+1 555 0102', 'late@example.com', '2027-01-04', '10:00', '2027-01-04 15:00+00')`);
      }
    });
    const seen = [...first.calls.map((c) => c.id), ...later];
    expect(new Set(seen).size).toBe(seen.length);
    const late = await idsInOrder(`full_name = 'Late booker'`, 'id');
    expect(seen).toEqual([...open.filter((id) => id !== doneAhead), ...late]);
  });

  it('lists contact requests newest first as an array, the next page in a Link header', async () => {
    await seedCalls(40);
    await seedRequests(35);
    const cancelled = await idsInOrder(`full_name = 'Caller 7'`, 'id');
    await db()
      .update(contactRequests)
      .set({ cancelledAt: NOW })
      .where(inArray(contactRequests.id, cancelled));
    const seen: string[] = [];
    let path: string | undefined = '/api/owner/contact-requests?limit=20';
    let pages = 0;
    while (path) {
      const res: request.Response = await get(path).expect(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBeLessThanOrEqual(20);
      seen.push(...(res.body as Lead[]).map((row) => row.id));
      pages += 1;
      path = /^<([^>]+)>; rel="next"$/.exec(res.headers.link ?? '')?.[1];
    }
    expect(pages).toBe(4);
    expect(seen).toEqual(await idsInOrder('true', 'created_at desc, id desc'));
    expect(seen).toContain(cancelled[0]);

    const byDefault = await get('/api/owner/contact-requests').expect(200);
    expect(byDefault.body).toHaveLength(DESK_PAGE_SIZE);
    expect(byDefault.headers.link).toMatch(/^<\/api\/owner\/contact-requests\?cursor=[\w-]+>; rel="next"$/);
    const all = await get('/api/owner/contact-requests', { limit: '200' }).expect(200);
    expect(all.body).toHaveLength(75);
    expect(all.headers.link).toBeUndefined();
  });

  const forged = Buffer.from('["yesterday","x"]').toString('base64url');
  it.each<{ problem: string; path: string; query: Record<string, string>; message: RegExp }>([
    {
      problem: 'a cursor that is not one',
      path: '/api/owner/leads/calls',
      query: { cursor: 'nope' },
      message: /cursor/,
    },
    {
      problem: 'a forged cursor',
      path: '/api/owner/leads/requests',
      query: { cursor: forged },
      message: /cursor/,
    },
    {
      problem: 'an overlong cursor',
      path: '/api/owner/leads/calls',
      query: { cursor: 'x'.repeat(501) },
      message: /500/,
    },
    {
      problem: 'an overlong cursor',
      path: '/api/owner/contact-requests',
      query: { cursor: 'x'.repeat(501) },
      message: /500/,
    },
    { problem: 'a limit of 0', path: '/api/owner/contact-requests', query: { limit: '0' }, message: /limit/ },
    {
      problem: 'a limit over 200',
      path: '/api/owner/contact-requests',
      query: { limit: '201' },
      message: /limit/,
    },
    {
      problem: 'a limit that is no number',
      path: '/api/owner/contact-requests',
      query: { limit: 'many' },
      message: /limit/,
    },
  ])('refuses $problem with 400 and a message ($path)', async ({ path, query, message }) => {
    const res = await get(path, query).expect(400);
    expect(res.body.message).toMatch(message);
  });
});
