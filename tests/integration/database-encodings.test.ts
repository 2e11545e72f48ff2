import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversations } from '../../shared/schema';
import { useTestApp } from '../helpers/test-app';

// The first schema stored some yes/no columns as the text 'true'/'false'. The storage layer reads
// and writes booleans; the stored text stays what it was, so existing rows keep their meaning.
describe('database encodings', () => {
  const ctx = useTestApp();

  it('reads the stored text as a boolean and writes a boolean as the same text', async () => {
    const { db } = ctx.database;
    const [fresh] = await db.insert(conversations).values({}).returning();
    expect(fresh!.isCallScheduled).toBe(false);

    await db.update(conversations).set({ isCallScheduled: true }).where(eq(conversations.id, fresh!.id));
    const stored = await db.execute<{ value: string }>(
      sql`select is_call_scheduled as value from conversations where id = ${fresh!.id}`,
    );
    expect(stored.rows[0]?.value).toBe('true');

    await db.execute(sql`insert into conversations (is_call_scheduled) values ('true')`);
    const rows = await db.select({ flag: conversations.isCallScheduled }).from(conversations);
    expect(rows.map((row) => row.flag)).toEqual([true, true]);
  });
});
