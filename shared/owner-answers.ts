import { z } from 'zod';
import { MAX_MESSAGE_LENGTH } from './chat';
import { text } from './text';

// The owner's answers to visitors' questions (/api/owner/answers): what the desk's editor sends.

/** Any visitor question can be answered, so the question is as long as a chat message may be. */
export const MAX_OWNER_QUESTION_LENGTH = MAX_MESSAGE_LENGTH;
export const MAX_OWNER_ANSWER_LENGTH = 4000;

/**
 * A Markdown heading line ("# ..." or "## ...") would end the answer's section in the knowledge
 * file and start another one: the answer is refused with it rather than silently changed.
 */
const HEADING_LINE = /^#{1,2}\s/m;

/** POST /api/owner/answers and PUT /api/owner/answers/:id. */
export const ownerAnswerInputSchema = z.object({
  question: text({ error: 'Write the question.' })
    // The question becomes a one-line heading.
    .transform((value) => value.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, 'Write the question.')
        .max(
          MAX_OWNER_QUESTION_LENGTH,
          `The question is too long (at most ${MAX_OWNER_QUESTION_LENGTH} characters).`,
        ),
    ),
  answer: text({ error: 'Write the answer.' })
    .trim()
    .min(1, 'Write the answer.')
    .max(MAX_OWNER_ANSWER_LENGTH, `The answer is too long (at most ${MAX_OWNER_ANSWER_LENGTH} characters).`)
    .refine(
      (value) => !HEADING_LINE.test(value),
      'Write the answer without Markdown headings (lines starting with # or ##).',
    ),
});
export type OwnerAnswerInput = z.infer<typeof ownerAnswerInputSchema>;

/** GET /api/owner/answers: newest edit first. */
export interface OwnerAnswerView {
  id: string;
  question: string;
  answer: string;
  createdAt: string;
  updatedAt: string;
}

/** The export's file name: kept in content/knowledge/, the answers stay after the database goes. */
export const OWNER_ANSWERS_FILE = 'owner-answers.md';
