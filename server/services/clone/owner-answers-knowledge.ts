import type { OwnerAnswer } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { logBackgroundFailure } from '../../lib/database-errors';
import { listOwnerAnswersByAge, readOwnerAnswersVersion } from '../../storage/owner-answers';
import type { KnowledgeDocument, OwnerContent } from '../content/load-content';
import { splitSections } from './knowledge-index';

/**
 * The knowledge document of the answers kept in the database. Not a name a file in
 * content/knowledge can have (they end in .md), so the exported file beside it never clashes.
 */
export const OWNER_ANSWERS_KNOWLEDGE_FILE = 'answers (desk)';
export const OWNER_ANSWERS_TITLE = "Answers to visitors' questions";

/** How often an instance asks the database whether the answers changed (another instance's edit). */
export const OWNER_ANSWERS_CHECK_MS = 2_000;

/**
 * The answers as a knowledge file, in the FAQ's format: the visitor's question as a "## " heading,
 * the owner's answer as its section. The desk exports exactly this text (owner-answers.md).
 */
export function renderOwnerAnswersMarkdown(answers: Pick<OwnerAnswer, 'question' | 'answer'>[]): string {
  const sections = answers.map(({ question, answer }) => `## ${question}\n\n${answer}\n`);
  return [`# ${OWNER_ANSWERS_TITLE}\n`, ...sections].join('\n');
}

/**
 * The owner's content with the desk's answers as one more knowledge document, after the owner's
 * files (the site's generated document still comes last). An answer already in content/knowledge
 * word for word (the export, copied there) is left out, so it is not said twice. Without answers,
 * the content itself: nothing is rebuilt.
 */
export function withOwnerAnswers(
  content: OwnerContent,
  answers: Pick<OwnerAnswer, 'question' | 'answer'>[],
): OwnerContent {
  const inFiles = new Set(
    content.knowledge
      .flatMap((document) => splitSections(document.file, document.body))
      .map((passage) => `${passage.title}\n${passage.text}`),
  );
  const fresh = answers.filter(({ question, answer }) => !inFiles.has(`${question}\n${answer}`));
  if (fresh.length === 0) return content;
  const document: KnowledgeDocument = {
    file: OWNER_ANSWERS_KNOWLEDGE_FILE,
    title: OWNER_ANSWERS_TITLE,
    body: renderOwnerAnswersMarkdown(fresh),
  };
  return { ...content, knowledge: [...content.knowledge, document] };
}

/** What the clone knows right now: content/ plus the desk's answers. */
export interface CloneKnowledgeSource {
  /**
   * The content with the latest answers. Asks the database for the answers' version at most every
   * `checkEveryMs` (one small query), and reads the answers only when it changed; in between, and
   * when the database cannot be read, the content last read.
   */
  getContent(): Promise<OwnerContent>;
  /** This instance just changed the answers: the next getContent reads them again. */
  markChanged(): void;
}

export interface CloneKnowledgeSourceOptions {
  checkEveryMs?: number;
  /** Milliseconds on a monotonic clock (tests replace it). */
  clock?: () => number;
}

export function createCloneKnowledgeSource(
  db: () => Queryable,
  ownerContent: OwnerContent,
  {
    checkEveryMs = OWNER_ANSWERS_CHECK_MS,
    clock = () => performance.now(),
  }: CloneKnowledgeSourceOptions = {},
): CloneKnowledgeSource {
  let content = ownerContent;
  let version: string | undefined;
  let checkedAt = -Infinity;
  let checking: Promise<OwnerContent> | undefined;
  // A check started before markChanged may have read the old answers: only the newest one applies.
  let generation = 0;

  const check = async (mine: number): Promise<OwnerContent> => {
    try {
      // The version first: an edit landing between the two reads is then seen at the next check.
      const latest = await readOwnerAnswersVersion(db());
      if (latest === version) return content;
      const answers = await listOwnerAnswersByAge(db());
      if (mine === generation) {
        content = withOwnerAnswers(ownerContent, answers);
        version = latest;
      }
    } catch (error) {
      logBackgroundFailure("reading the owner's answers failed", error);
    }
    return content;
  };

  return {
    getContent() {
      if (checking) return checking;
      if (clock() - checkedAt < checkEveryMs) return Promise.resolve(content);
      checkedAt = clock();
      const mine = ++generation;
      const started = check(mine).finally(() => {
        if (checking === started) checking = undefined;
      });
      checking = started;
      return started;
    },
    markChanged() {
      checkedAt = -Infinity;
      checking = undefined;
      generation++;
    },
  };
}
