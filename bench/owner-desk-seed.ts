// Sites for the owner-desk bench, written by a few set-based statements: a year of a busy site
// (10,000 conversations of 10 messages each, 5,000 contact requests) and a site holding one page
// of each list, which tells what grows with history apart from what a full page costs.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';

export interface SiteSize {
  conversations: number;
  /** Contact requests: all but 100 are past calls (done, cancelled, the newest 50 open), then 50
   * open calls ahead and 50 open requests without a slot. */
  bookings: number;
}
export const BUSY_SITE: SiteSize = { conversations: 10_000, bookings: 5_000 };
export const ONE_PAGE_SITE: SiteSize = { conversations: 40, bookings: 300 };
export const MESSAGES_PER_CONVERSATION = 10;

/** In 1 conversation of 100 (its first message): what a rare search looks for. */
export const RARE_WORD = 'kubernetes';
/** In most conversations: what a common search looks for. */
export const COMMON_WORD = 'architecture';

const PHRASES = [
  'Could you help us with our data platform',
  'What is your experience with cloud architecture',
  'We need an assistant for our support team',
  'How much would a two-week engagement cost',
  'Tell me about a project you are proud of',
  'Our architecture review is due next month',
  'Do you work with small companies too',
  'I would like to discuss a retrieval pipeline',
];

export async function seedSite(database: Database, size: SiteSize): Promise<void> {
  // One transaction without the statement timeout; the trigram index is built once afterwards,
  // as a bulk load would, instead of row by row.
  await database.transaction(async (db) => {
    await db.execute(sql`set local statement_timeout = 0`);
    const trigram = await db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'messages_content_trgm_idx'`,
    );
    if (trigram.rows[0]) await db.execute(sql`drop index messages_content_trgm_idx`);
    await insertRows(db, size);
    if (trigram.rows[0]) await db.execute(sql.raw(trigram.rows[0].indexdef));
  });
  await database.execute(sql`analyze`);
}

async function insertRows(db: Pick<Database, 'execute'>, { conversations, bookings }: SiteSize) {
  const pastCalls = bookings - 100;
  const phrases = sql.raw(`array[${PHRASES.map((p) => `'${p}'`).join(',')}]`);
  await db.execute(sql`
    insert into conversations (created_at, visitor_name, visitor_email, owner_key_hash)
    select now() - make_interval(mins => i * 50),
           case when i % 20 = 0 then 'Visitor Number ' || i end,
           case when i % 20 = 0 then 'visitor' || i || '@example.com' end,
           md5(i::text)
    from generate_series(1, ${conversations}) as i`);
  await db.execute(sql`
    insert into messages (conversation_id, role, content, timestamp)
    select c.id,
           case when j % 2 = 0 then 'user' else 'assistant' end,
           case when j = 0 and c.n % 100 = 0 then 'Do you know ${sql.raw(RARE_WORD)}? ' else '' end
             || (${phrases})[1 + (c.n * 7 + j) % ${PHRASES.length}] || ' ' || md5((c.n * 10 + j)::text),
           c.created_at + make_interval(secs => j * 20)
    from (select id, created_at, row_number() over (order by created_at) as n from conversations) as c,
         generate_series(0, ${MESSAGES_PER_CONVERSATION - 1}) as j`);
  // Each slot is distinct (7 a day), as the unique index demands.
  await db.execute(sql`
    insert into contact_requests (full_name, phone_number, email, purpose, preferred_time, scheduled_date,
      scheduled_time, scheduled_at, created_at, completed_at, cancelled_at, is_confirmed)
    select 'Booker ' || k, '+1 555 0100', 'booker' || k || '@example.com', 'A call about project ' || k,
           'Any weekday morning', b.day, b.slot, b.day + b.slot::time, b.day - 3,
           case when k <= ${pastCalls - 50} and k % 10 <> 0 then b.day + 1 end,
           case when k <= ${pastCalls - 50} and k % 10 = 0 then b.day - 1 end,
           k % 3 = 0
    from generate_series(1, ${pastCalls + 50}) as k,
         lateral (select case when k <= ${pastCalls} then current_date - 1 - (k / 7)
                              else current_date + 1 + ((k - ${pastCalls}) / 7) end as day,
                         (array['09:00','10:00','11:00','14:00','15:00','16:00','17:00'])[1 + k % 7] as slot) as b`);
  await db.execute(sql`
    insert into contact_requests (full_name, phone_number, email, purpose, preferred_time, created_at)
    select 'Asker ' || k, '+1 555 0101', 'asker' || k || '@example.com', 'A question ' || k,
           'Any afternoon', now() - make_interval(hours => k)
    from generate_series(1, ${bookings - pastCalls - 50}) as k`);
}
