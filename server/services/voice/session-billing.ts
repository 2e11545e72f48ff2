import { MAX_CALL_SECONDS } from '../../../shared/plans';
import type { VoiceSession } from '../../../shared/schema';
import { MAX_SESSION_DURATION_SECONDS } from '../../../shared/voice';
import type { Env } from '../../env';
import type { Queryable } from '../../db/client';
import { addVoiceMinutesUsed } from '../../storage/subscription-users';
import { markVoiceSessionBilled, updateVoiceSession } from '../../storage/voice-sessions';
import { readSessionMetadata } from './session-metadata';

/** An open session is closed this long after its maximum duration has passed. */
export const STALE_GRACE_SECONDS = 60;
/** An ended Vapi call waits this long for its end-of-call report before the server's own figure is billed. */
export const REPORT_WAIT_SECONDS = 5 * 60;
/** Each call counts whole minutes, rounded up. */
export const billedMinutesFor = (seconds: number) => Math.ceil(seconds / 60);

export const maxSecondsOf = (session: Pick<VoiceSession, 'maxDurationSeconds'>) =>
  session.maxDurationSeconds ?? MAX_CALL_SECONDS;

/**
 * A Vapi call whose billed time comes from Vapi's signed report: the server created the call (its
 * id is stored) with our server URL for reports, and still accepts them (VAPI_WEBHOOK_SECRET).
 */
export function awaitsVapiReport(session: VoiceSession, env: Pick<Env, 'VAPI_WEBHOOK_SECRET'>): boolean {
  const metadata = readSessionMetadata(session);
  return (
    metadata.provider === 'vapi' &&
    Boolean(session.vapiCallId) &&
    metadata.call?.isReportRequested === true &&
    Boolean(env.VAPI_WEBHOOK_SECRET)
  );
}

/**
 * Whether the session can have had a call: browser voice always; a Vapi session only once the
 * server asked Vapi for its call. A Vapi session without one (the SDK never loaded, Vapi refused)
 * talked to nobody, so it bills nothing.
 */
export function mayHaveCall(session: VoiceSession): boolean {
  const metadata = readSessionMetadata(session);
  return metadata.provider === 'browser' || Boolean(session.vapiCallId) || metadata.call !== undefined;
}

/** Whole seconds the server saw from the start until `until`, within the session's maximum. */
export function observedSeconds(session: VoiceSession, until: Date): number {
  const seconds = Math.floor((until.getTime() - session.createdAt.getTime()) / 1000);
  return Math.min(Math.max(0, seconds), maxSecondsOf(session));
}

/**
 * Bills a session once: its billed seconds and minutes are set only if unset, and only then are
 * the minutes added to the user's usage. The caller holds the user's row lock.
 */
export async function billSession(
  tx: Queryable,
  session: Pick<VoiceSession, 'id' | 'userId'>,
  { seconds, endedAt, now }: { seconds: number; endedAt: Date; now: Date },
): Promise<VoiceSession | undefined> {
  const billedSeconds = Math.min(Math.max(0, Math.round(seconds)), MAX_SESSION_DURATION_SECONDS);
  const billedMinutes = billedMinutesFor(billedSeconds);
  const row = await markVoiceSessionBilled(tx, session.id, { billedSeconds, billedMinutes, endedAt });
  if (row && billedMinutes > 0) await addVoiceMinutesUsed(tx, session.userId, billedMinutes, now);
  return row;
}

/**
 * Closes what is left unbilled past its time: an open session after its maximum (plus grace), an
 * ended Vapi call whose report did not come. What is billed is what the server can stand behind:
 * for browser voice the time until the last turn it answered; for a Vapi call without reports the
 * whole maximum the server gave it at Vapi (Vapi ends it there), nothing for a Vapi session that
 * never got a call; for an ended call the time from start to the end the server recorded. The
 * caller holds the user's row lock and a fresh session row. Answers whether it changed anything.
 */
export async function closeExpiredSession(
  tx: Queryable,
  session: VoiceSession,
  now: Date,
  env: Pick<Env, 'VAPI_WEBHOOK_SECRET'>,
): Promise<boolean> {
  if (session.billedMinutes !== null) return false;
  const maxSeconds = maxSecondsOf(session);
  if (session.status === 'started') {
    if (now.getTime() < session.createdAt.getTime() + (maxSeconds + STALE_GRACE_SECONDS) * 1000) return false;
    const endedAt = new Date(session.createdAt.getTime() + maxSeconds * 1000);
    if (awaitsVapiReport(session, env)) {
      await updateVoiceSession(tx, session.id, { status: 'ended', endedAt });
      return true;
    }
    const metadata = readSessionMetadata(session);
    const seconds =
      metadata.provider === 'browser'
        ? metadata.lastActivityAt
          ? observedSeconds(session, new Date(metadata.lastActivityAt))
          : 0
        : mayHaveCall(session)
          ? maxSeconds
          : 0;
    return (await billSession(tx, session, { seconds, endedAt, now })) !== undefined;
  }
  const endedAt = session.endedAt ?? now;
  if (now.getTime() < endedAt.getTime() + REPORT_WAIT_SECONDS * 1000) return false;
  return (
    (await billSession(tx, session, { seconds: serverSeenSeconds(session, endedAt), endedAt, now })) !==
    undefined
  );
}

/** The server's own figure for a call that ended at `endedAt`: the time it saw, if there was a call. */
export const serverSeenSeconds = (session: VoiceSession, endedAt: Date) =>
  mayHaveCall(session) ? observedSeconds(session, endedAt) : 0;
