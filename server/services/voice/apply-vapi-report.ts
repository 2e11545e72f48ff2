import { z } from 'zod';
import { text } from '../../../shared/text';
import type { AppContext } from '../../app-deps';
import { badRequest } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import { claimProcessedEvent } from '../../storage/processed-events';
import { insertUnknownVoiceReport } from '../../storage/unknown-voice-reports';
import { lockSubscriptionUser } from '../../storage/subscription-users';
import { findVoiceSessionByVapiCallId, lockVoiceSession } from '../../storage/voice-sessions';
import { billSession } from './session-billing';

/** Longer than any call Vapi allows (its maximum is 12 hours): a report beyond it is refused. */
const MAX_CALL_SECONDS = 86_400;

// Vapi's server message (POST to the server URL): {message: {type, call, durationSeconds,
// startedAt, endedAt, ...}}. Only the fields billing needs are read.
const serverMessageSchema = z.looseObject({
  message: z.looseObject({
    type: z.string(),
    call: z
      .looseObject({
        id: text().min(1).max(255),
        startedAt: z.string().nullish(),
        endedAt: z.string().nullish(),
      })
      .nullish(),
    durationSeconds: z.number().nonnegative().max(MAX_CALL_SECONDS).nullish(),
    endedReason: z.string().nullish(),
    startedAt: z.string().nullish(),
    endedAt: z.string().nullish(),
  }),
});

type ServerMessage = z.infer<typeof serverMessageSchema>['message'];

export type VapiReportOutcome = 'ignored' | 'unmatched' | 'duplicate' | 'billed';

/**
 * Bills a call from Vapi's end-of-call report, once per call id (processed_events). The session is
 * the one whose call id the server stored when it created the call at Vapi; nothing a browser sent
 * (metadata, a PATCH) is trusted to find it. A report of any other call bills nothing: it is kept
 * for the owner (unknown_voice_reports, once per call) and logged as a warning, with the call id only.
 */
export async function applyVapiReport(
  context: Pick<AppContext, 'database' | 'now'>,
  body: unknown,
): Promise<VapiReportOutcome> {
  const parsed = serverMessageSchema.safeParse(body);
  if (!parsed.success) throw badRequest('The request is not a Vapi server message.');
  const message = parsed.data.message;
  if (message.type !== 'end-of-call-report') return 'ignored';
  const callId = message.call?.id;
  if (!callId) throw badRequest('The end-of-call report names no call.');
  const seconds = reportedSeconds(message);
  if (seconds === undefined)
    throw badRequest('The end-of-call report has no duration, or one longer than a day.');
  const endedAt = parseDate(message.endedAt ?? message.call?.endedAt) ?? context.now();
  const now = context.now();

  return context.database.db.transaction(async (tx): Promise<VapiReportOutcome> => {
    const session = await findVoiceSessionByVapiCallId(tx, callId);
    if (!session) {
      logger.warn('vapi report for an unknown call', { callId });
      await insertUnknownVoiceReport(tx, {
        vapiCallId: callId,
        durationSeconds: seconds,
        endedReason: message.endedReason?.slice(0, 200) ?? null,
        startedAt: parseDate(message.startedAt ?? message.call?.startedAt) ?? null,
        endedAt: parseDate(message.endedAt ?? message.call?.endedAt) ?? null,
        createdAt: now,
      });
      return 'unmatched';
    }
    if (!(await claimProcessedEvent(tx, { id: `vapi:${callId}`, source: 'vapi', type: message.type })))
      return 'duplicate';
    await lockSubscriptionUser(tx, session.userId);
    const locked = (await lockVoiceSession(tx, session.id))!;
    const billed = await billSession(tx, locked, { seconds, endedAt, now });
    return billed ? 'billed' : 'duplicate';
  });
}

function reportedSeconds(message: ServerMessage): number | undefined {
  if (typeof message.durationSeconds === 'number') return Math.round(message.durationSeconds);
  const started = parseDate(message.startedAt ?? message.call?.startedAt);
  const ended = parseDate(message.endedAt ?? message.call?.endedAt);
  if (!started || !ended) return undefined;
  const seconds = Math.max(0, Math.round((ended.getTime() - started.getTime()) / 1000));
  return seconds <= MAX_CALL_SECONDS ? seconds : undefined;
}

/** A report's time, or undefined when it is not one (or lies outside what the columns hold). */
function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 2000 || year > 9999 ? undefined : date;
}
