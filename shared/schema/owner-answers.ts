// What the owner taught the clone from the desk: answers to visitors' questions it could not answer.
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// One answer a question; both clones read them as one more knowledge file (the question as its
// heading), and the desk exports them as a Markdown file for content/knowledge/.
export const ownerAnswers = pgTable(
  'owner_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
    // Set by every edit: with the row count, the version each instance compares before a reply.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One answer a wording (a second one is a 409: edit the first). On a hash, since a question may
  // be as long as a chat message and a B-tree entry holds about 2,700 bytes.
  (t) => [uniqueIndex('owner_answers_question_uidx').on(sql`md5(${t.question})`)],
);

export type OwnerAnswer = typeof ownerAnswers.$inferSelect;
