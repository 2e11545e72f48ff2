import { MAX_CALL_SECONDS } from '../../../shared/plans';
import type { VoiceSession } from '../../../shared/schema';
import { HEARTBEAT_TIMEOUT_SECONDS, MAX_SESSION_DURATION_SECONDS } from '../../../shared/voice';
import type { Env } from '../../env';
import type { Queryable } from '../../db/client';
import { addVoiceMinutesUsed } from '../../storage/subscription-users';
import { markVoiceSessionBilled, updateVoiceSession } from '../../storage/voice-sessions';
import { readSessionMetadata } from './session-metadata';
import { endVapiCall } from './vapi-calls-api';

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

/** What closing a session leaves to do once committed: end its Vapi call, which may still run. */
export interface ClosedSession {
  controlUrl?: string;
}

/**
 * The page's last sign of life during an open call, in ms: its last heartbeat or the last
 * browser-voice turn the server answered. Undefined for a session from before heartbeats that
 * had no turn.
 */
function lastSeenAt(session: VoiceSession): number | undefined {
  const metadata = readSessionMetadata(session);
  const seen = [
    session.lastHeartbeatAt?.getTime(),
    metadata.lastActivityAt ? Date.parse(metadata.lastActivityAt) : undefined,
  ].filter((time): time is number => typeof time === 'number' && Number.isFinite(time));
  return seen.length > 0 ? Math.max(...seen) : undefined;
}

/**
 * When an open session is over without having been ended: once its maximum (plus grace) has
 * passed, or once its page has shown no sign of life for HEARTBEAT_TIMEOUT_SECONDS (the tab was
 * closed, crashed or lost its network). It ended at that last sign of life, at most at its
 * maximum. Undefined while it may still be running.
 */
export function openSessionEnd(session: VoiceSession, now: Date): Date | undefined {
  const maxEnd = session.createdAt.getTime() + maxSecondsOf(session) * 1000;
  const seen = session.lastHeartbeatAt ? lastSeenAt(session) : undefined;
  const isPastMax = now.getTime() >= maxEnd + STALE_GRACE_SECONDS * 1000;
  const isSilent = seen !== undefined && now.getTime() >= seen + HEARTBEAT_TIMEOUT_SECONDS * 1000;
  if (!isPastMax && !isSilent) return undefined;
  return new Date(seen !== undefined ? Math.min(seen, maxEnd) : maxEnd);
}

/**
 * The seconds an expired open session is billed: up to the last sign of life the server saw,
 * never more than its maximum, nothing for a Vapi session that never got a call. A Vapi session
 * from before heartbeats bills the maximum the server gave it at Vapi (Vapi ends it there).
 */
function expiredSeconds(session: VoiceSession): number {
  if (!mayHaveCall(session)) return 0;
  const seen = lastSeenAt(session);
  if (seen !== undefined) return observedSeconds(session, new Date(seen));
  return readSessionMetadata(session).provider === 'browser' ? 0 : maxSecondsOf(session);
}

/**
 * Closes what is left unbilled past its time: an open session past its maximum or silent too
 * long (openSessionEnd), an ended Vapi call whose report did not come. What is billed is what the
 * server can stand behind: for an open session the time until its last sign of life
 * (expiredSeconds), unless Vapi's report will say (then it is only ended, and the report bills
 * it when it comes); for an ended call the time from start to the end the server recorded. The
 * caller holds the user's row lock and a fresh session row, and ends the returned call at Vapi
 * after the commit. Undefined when nothing changed.
 */
export async function closeExpiredSession(
  tx: Queryable,
  session: VoiceSession,
  now: Date,
  env: Pick<Env, 'VAPI_WEBHOOK_SECRET'>,
): Promise<ClosedSession | undefined> {
  if (session.billedMinutes !== null) return undefined;
  if (session.status === 'started') {
    const endedAt = openSessionEnd(session, now);
    if (!endedAt) return undefined;
    const closed: ClosedSession = { controlUrl: readSessionMetadata(session).call?.controlUrl };
    if (awaitsVapiReport(session, env)) {
      await updateVoiceSession(tx, session.id, { status: 'ended', endedAt });
      return closed;
    }
    const billed = await billSession(tx, session, { seconds: expiredSeconds(session), endedAt, now });
    return billed ? closed : undefined;
  }
  const endedAt = session.endedAt ?? now;
  if (now.getTime() < endedAt.getTime() + REPORT_WAIT_SECONDS * 1000) return undefined;
  const billed = await billSession(tx, session, {
    seconds: serverSeenSeconds(session, endedAt),
    endedAt,
    now,
  });
  return billed ? {} : undefined;
}

/** The server's own figure for a call that ended at `endedAt`: the time it saw, if there was a call. */
export const serverSeenSeconds = (session: VoiceSession, endedAt: Date) =>
  mayHaveCall(session) ? observedSeconds(session, endedAt) : 0;

/** Ends at Vapi the calls of sessions closed in a committed transaction (never throws). */
export async function endClosedCalls(closed: ClosedSession[]): Promise<void> {
  for (const { controlUrl } of closed) if (controlUrl) await endVapiCall(controlUrl);
}
