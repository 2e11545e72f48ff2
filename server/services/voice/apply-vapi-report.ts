import { z } from 'zod';
import type { AppContext } from '../../app-deps';
import { badRequest } from '../../lib/app-error';
import { logger } from '../../lib/logger';
import { claimProcessedEvent } from '../../storage/processed-events';
import { lockSubscriptionUser } from '../../storage/subscription-users';
import {
  findVoiceSession,
  findVoiceSessionByVapiCallId,
  lockVoiceSession,
} from '../../storage/voice-sessions';
import { billSession } from './session-billing';

const withMetadata = z.looseObject({ metadata: z.record(z.string(), z.unknown()).nullish() }).nullish();

// Vapi's server message (POST to the server URL): {message: {type, call, durationSeconds,
// startedAt, endedAt, assistant, ...}}. Only the fields billing needs are read.
const serverMessageSchema = z.looseObject({
  message: z.looseObject({
    type: z.string(),
    call: z
      .looseObject({
        id: z.string().min(1).max(255),
        startedAt: z.string().nullish(),
        endedAt: z.string().nullish(),
        metadata: z.record(z.string(), z.unknown()).nullish(),
        assistant: withMetadata,
        assistantOverrides: withMetadata,
      })
      .nullish(),
    durationSeconds: z.number().nonnegative().nullish(),
    startedAt: z.string().nullish(),
    endedAt: z.string().nullish(),
    assistant: withMetadata,
  }),
});

type ServerMessage = z.infer<typeof serverMessageSchema>['message'];

export type VapiReportOutcome = 'ignored' | 'unmatched' | 'duplicate' | 'billed';

/**
 * Bills a call from Vapi's end-of-call report, once per call id (processed_events). The session is
 * found by the call id the client reported, or by the voiceSessionId the client put in the call's
 * metadata when the report comes first. A report without a session changes nothing.
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
  if (seconds === undefined) throw badRequest('The end-of-call report has no duration.');
  const endedAt = parseDate(message.endedAt ?? message.call?.endedAt) ?? context.now();
  const now = context.now();

  return context.database.db.transaction(async (tx): Promise<VapiReportOutcome> => {
    const hintedId = sessionIdHint(message);
    const hinted = hintedId ? await findVoiceSession(tx, hintedId) : undefined;
    const session =
      (await findVoiceSessionByVapiCallId(tx, callId)) ??
      (hinted && (!hinted.vapiCallId || hinted.vapiCallId === callId) ? hinted : undefined);
    if (!session) {
      logger.info('vapi report for an unknown call', { callId });
      return 'unmatched';
    }
    if (!(await claimProcessedEvent(tx, { id: `vapi:${callId}`, source: 'vapi', type: message.type })))
      return 'duplicate';
    await lockSubscriptionUser(tx, session.userId);
    const locked = (await lockVoiceSession(tx, session.id))!;
    const billed = await billSession(tx, locked, {
      seconds,
      endedAt,
      now,
      vapiCallId: locked.vapiCallId ? undefined : callId,
    });
    return billed ? 'billed' : 'duplicate';
  });
}

function reportedSeconds(message: ServerMessage): number | undefined {
  if (typeof message.durationSeconds === 'number') return Math.round(message.durationSeconds);
  const started = parseDate(message.startedAt ?? message.call?.startedAt);
  const ended = parseDate(message.endedAt ?? message.call?.endedAt);
  if (!started || !ended) return undefined;
  return Math.max(0, Math.round((ended.getTime() - started.getTime()) / 1000));
}

function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const uuid = z.uuid();

/** Our session id, as the page passes it in the call's metadata (inline assistant or overrides). */
function sessionIdHint(message: ServerMessage): string | undefined {
  const candidates = [
    message.call?.metadata,
    message.call?.assistantOverrides?.metadata,
    message.call?.assistant?.metadata,
    message.assistant?.metadata,
  ];
  for (const metadata of candidates) {
    const id = metadata?.voiceSessionId;
    if (typeof id === 'string' && uuid.safeParse(id).success) return id;
  }
  return undefined;
}
