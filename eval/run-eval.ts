import type { Env } from '../server/env';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { createConversation } from '../server/services/chat/conversations';
import { sendMessage, type SendMessageDeps } from '../server/services/chat/send-message';
import { buildPromptMessages } from '../server/services/clone/build-prompt';
import type { ChatModel, ChatTurn, ReplyChannel, ReplyOutcome } from '../server/services/clone/chat-model';
import type { KnowledgeIndex } from '../server/services/clone/knowledge-index';
import { createOfflineChatModel } from '../server/services/clone/offline-chat-model';
import { getOwnerCalendar } from '../server/services/clone/owner-calendar';
import { getCloneKnowledge } from '../server/services/clone/clone-knowledge';
import type { OwnerContent } from '../server/services/content/load-content';
import { MAX_SPOKEN_CHARS } from '../server/services/voice/reply-to-voice-turn';
import { limitSpokenLength, toSpokenText } from '../server/services/voice/speakable-text';
import { judgeReply, type ObservedReply } from './judge-reply';
import { CASE_KINDS, toRegex, type CaseKind, type EvalCase } from './load-cases';
import {
  isAnswerable,
  judgeReading,
  summariseReading,
  type ReadingSummary,
  type ReadingVerdict,
} from './reading-rules';

/** The tight prompt budget recall is also reported at: what retrieval must choose within. */
export const TIGHT_BUDGET_TOKENS = 1500;

/** What `npm run eval -- --check` and the CI test hold the offline clone to (issue 8). */
export const THRESHOLDS = { overall: 0.9, perKind: 0.8, recallAtDefaultBudget: 1 } as const;

export interface EvalOptions {
  /** The owner's content as loadContent reads it; the site's own document is added as the app adds it. */
  content: OwnerContent;
  /**
   * Parsed configuration: the owner's time zone and booking notice, as the site would run with this
   * owner's content. The clone judged is always the offline one, whatever OPENAI_API_KEY says.
   */
  env: Pick<Env, 'OWNER_TIMEZONE' | 'BOOKING_MIN_NOTICE_HOURS'>;
  /** The clock the conversations run at ("today" for days off and the booking window); default now. */
  now?: () => Date;
  /** Called after each case, for progress output. */
  onCase?: (result: CaseResult) => void;
  /** Opens the database the conversations are stored in; default a fresh in-memory PGlite (initdb and migrations). */
  openDb?: () => Promise<DatabaseHandle>;
}

export interface CaseResult {
  evalCase: EvalCase;
  /** The reply to the last turn (empty when the case crashed). */
  reply: string;
  /** Each way the reply missed its expectations; empty when the case passed. */
  failures: string[];
  /** Facts missing from the model path's prompt; undefined when recall is not measured for the case. */
  recall?: { missingAtDefault: string[]; missingAtTight: string[] };
  /** How the reply reads (reading-rules.ts); answerable cases only. Never changes pass or fail. */
  reading?: ReadingVerdict;
}

export interface PassCount {
  passed: number;
  total: number;
}

export interface EvalReport {
  results: CaseResult[];
  overall: PassCount;
  byKind: Array<PassCount & { kind: CaseKind }>;
  /** Cases whose every fact is in the prompt the model path would send. */
  recall: { atDefault: PassCount; atTight: PassCount; tightBudgetTokens: number };
  /** The reading rules over the answerable replies, overall and per kind (reported, not a threshold). */
  reading: ReadingSummary & { byKind: Array<ReadingSummary & { kind: CaseKind }> };
}

/**
 * Runs each case in a fresh conversation through what the app runs: chat cases through
 * sendMessage (the real contact-form rule) on an in-memory PGlite, voice cases through the chat
 * model on the voice channel and the spoken-reply shaping. The clone is the offline one, built as
 * createChatModel builds it without OPENAI_API_KEY, minus the streaming delay. For fact cases it
 * also builds the model path's prompt and checks that each expected fact is in it.
 */
export async function runEval(
  cases: EvalCase[],
  {
    content,
    env,
    now = () => new Date(),
    onCase,
    openDb = () => openDatabase({ dataDir: 'memory://' }),
  }: EvalOptions,
): Promise<EvalReport> {
  const { content: knowing, index } = getCloneKnowledge(content, {
    ownerTimeZone: env.OWNER_TIMEZONE,
    minNoticeHours: env.BOOKING_MIN_NOTICE_HOURS,
  });
  const calendar = getOwnerCalendar(env, content, now);
  const clone = captureOutcomes(createOfflineChatModel(knowing, { wordDelayMs: 0, calendar }));
  const database = await openDb();
  const deps: SendMessageDeps = {
    db: database.db,
    dbFirstInLine: database.dbFirstInLine,
    chatModel: clone.model,
    now,
    ownerName: content.profile.name,
    calendar,
  };

  const results: CaseResult[] = [];
  try {
    for (const evalCase of cases) {
      let result: CaseResult;
      try {
        const { observed, history } =
          evalCase.channel === 'voice'
            ? await runVoiceCase(evalCase, clone)
            : await runChatCase(evalCase, deps, clone);
        result = {
          evalCase,
          reply: observed.reply,
          failures: judgeReply(evalCase, observed),
          recall: measureRecall(evalCase, history, knowing, index),
          reading: isAnswerable(evalCase) ? judgeReading(evalCase, observed.reply) : undefined,
        };
      } catch (error) {
        result = {
          evalCase,
          reply: '',
          failures: [`crashed: ${(error as Error).stack ?? String(error)}`],
          reading: isAnswerable(evalCase) ? judgeReading(evalCase, '') : undefined,
        };
      }
      results.push(result);
      onCase?.(result);
    }
  } finally {
    await database.close();
  }
  return summarise(results);
}

/** Where a threshold is missed, in words; empty when the report meets them all. */
export function listThresholdMisses(report: EvalReport): string[] {
  const misses: string[] = [];
  if (rate(report.overall) < THRESHOLDS.overall) {
    misses.push(`overall ${formatRate(report.overall)} is below ${THRESHOLDS.overall * 100}%`);
  }
  for (const kind of report.byKind) {
    if (rate(kind) < THRESHOLDS.perKind) {
      misses.push(`${kind.kind} ${formatRate(kind)} is below ${THRESHOLDS.perKind * 100}%`);
    }
  }
  if (rate(report.recall.atDefault) < THRESHOLDS.recallAtDefaultBudget) {
    misses.push(
      `prompt recall at the default budget ${formatRate(report.recall.atDefault)} is below ${THRESHOLDS.recallAtDefaultBudget * 100}%`,
    );
  }
  return misses;
}

export function rate({ passed, total }: PassCount): number {
  return total === 0 ? 1 : passed / total;
}

export function formatRate(count: PassCount): string {
  return `${count.passed}/${count.total} (${(rate(count) * 100).toFixed(1)}%)`;
}

interface OutcomeCapture {
  model: ChatModel;
  /** The outcome of the latest reply, undefined when the model reported none. */
  lastOutcome(): ReplyOutcome | undefined;
}

/** The model, remembering the outcome each reply reports (sendMessage does not return it). */
function captureOutcomes(model: ChatModel): OutcomeCapture {
  let last: ReplyOutcome | undefined;
  return {
    model: {
      name: model.name,
      streamReply(history, options = {}) {
        last = undefined;
        return model.streamReply(history, {
          ...options,
          onOutcome: (outcome) => {
            last = outcome;
            options.onOutcome?.(outcome);
          },
        });
      },
    },
    lastOutcome: () => last,
  };
}

interface CaseRun {
  observed: ObservedReply;
  /** The conversation before the last reply, as the model saw it. */
  history: ChatTurn[];
}

async function runChatCase(
  evalCase: EvalCase,
  deps: SendMessageDeps,
  clone: OutcomeCapture,
): Promise<CaseRun> {
  // The eval's own browser: sending needs the key hash of the browser that started the chat.
  const browserKeyHash = 'eval-browser';
  const { id } = await createConversation(deps.db, browserKeyHash);
  const history: ChatTurn[] = [];
  let observed: ObservedReply = { reply: '' };
  for (const [position, turn] of evalCase.turns.entries()) {
    history.push({ role: 'user', content: turn });
    const sent = await sendMessage(deps, id, browserKeyHash, turn);
    if (sent.isAborted) throw new Error('the reply was aborted');
    const reply = sent.assistantMessage.content;
    if (position < evalCase.turns.length - 1) history.push({ role: 'assistant', content: reply });
    observed = { reply, formOpened: sent.shouldShowContactForm, outcome: clone.lastOutcome() };
  }
  return { observed, history };
}

/** As replyToVoiceTurn does: stop reading once there is enough to say, then shape it for speech. */
async function runVoiceCase(evalCase: EvalCase, clone: OutcomeCapture): Promise<CaseRun> {
  const history: ChatTurn[] = [];
  let observed: ObservedReply = { reply: '' };
  for (const [position, turn] of evalCase.turns.entries()) {
    history.push({ role: 'user', content: turn });
    const enough = new AbortController();
    let raw = '';
    for await (const delta of clone.model.streamReply([...history], {
      channel: 'voice',
      signal: enough.signal,
    })) {
      raw += delta;
      if (raw.length > MAX_SPOKEN_CHARS + 50) {
        enough.abort();
        break;
      }
    }
    const reply = limitSpokenLength(toSpokenText(raw), MAX_SPOKEN_CHARS);
    if (position < evalCase.turns.length - 1) history.push({ role: 'assistant', content: reply });
    observed = { reply, outcome: clone.lastOutcome() };
  }
  return { observed, history };
}

/**
 * The model path's recall: the prompt it would send for this conversation (earlier replies are the
 * offline clone's) carries every expected fact, at the default budget and at a tight one. Not
 * measured for refusals and injections, whose facts are not knowledge to retrieve.
 */
function measureRecall(
  evalCase: EvalCase,
  history: ChatTurn[],
  content: OwnerContent,
  index: KnowledgeIndex,
): CaseResult['recall'] {
  const { facts } = evalCase.expect;
  if (facts.length === 0 || evalCase.kind === 'unknown' || evalCase.kind === 'injection') return undefined;
  const channel: ReplyChannel = evalCase.channel;
  const missingAt = (budgetTokens: number | undefined) => {
    const prompt = buildPromptMessages(history, content.profile, index, { budgetTokens, channel })
      .map((message) => message.content)
      .join('\n\n');
    return facts.filter((fact) => !toRegex(fact).test(prompt));
  };
  return { missingAtDefault: missingAt(undefined), missingAtTight: missingAt(TIGHT_BUDGET_TOKENS) };
}

function summarise(results: CaseResult[]): EvalReport {
  const count = (list: CaseResult[], isPassed: (result: CaseResult) => boolean): PassCount => ({
    passed: list.filter(isPassed).length,
    total: list.length,
  });
  const passes = (result: CaseResult) => result.failures.length === 0;
  const measured = results.filter((result) => result.recall !== undefined);
  const readingOf = (list: CaseResult[]) =>
    summariseReading(list.flatMap((result) => (result.reading ? [result.reading] : [])));
  return {
    results,
    overall: count(results, passes),
    byKind: CASE_KINDS.map((kind) => ({
      kind,
      ...count(
        results.filter((result) => result.evalCase.kind === kind),
        passes,
      ),
    })).filter((kind) => kind.total > 0),
    recall: {
      atDefault: count(measured, (result) => result.recall?.missingAtDefault.length === 0),
      atTight: count(measured, (result) => result.recall?.missingAtTight.length === 0),
      tightBudgetTokens: TIGHT_BUDGET_TOKENS,
    },
    reading: {
      ...readingOf(results),
      byKind: CASE_KINDS.map((kind) => ({
        kind,
        ...readingOf(results.filter((result) => result.evalCase.kind === kind)),
      })).filter((kind) => kind.all.total > 0),
    },
  };
}
