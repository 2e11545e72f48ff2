import type { VoiceSession } from '../../../shared/schema';
import type { z } from 'zod';
import type { endVoiceSessionSchema } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { conflict } from '../../lib/app-error';
import { deleteVoiceSession, updateVoiceSession } from '../../storage/voice-sessions';
import { lockOwnedSession } from './owned-session';
import { awaitsVapiReport, billSession, serverSeenSeconds } from './session-billing';
import { readSessionMetadata } from './session-metadata';
import { endVapiCall } from './vapi-calls-api';

export type EndVoiceSessionInput = z.infer<typeof endVoiceSessionSchema>;

/**
 * Ends the caller's own session. The client's duration and transcript are stored for display; the
 * billed time is the server's: for a Vapi call created with a report requested, Vapi's end-of-call
 * report (applied when it arrives, or the server's figure if it never does), otherwise the time
 * between the start the server recorded and now, within the session's maximum. A Vapi call still
 * running is ended at Vapi, so talking on after ending the session is not free.
 *
 * A call that never went live (the page says its start failed) is no session: it is removed and
 * bills nothing, answering null, unless the server itself answered a turn of it (then it had a
 * conversation and is ended as usual). The page's word is not enough once a call was created at
 * Vapi (the page could have talked and then claimed a failed start): that session is ended at
 * Vapi and as usual, so Vapi's report bills what really happened, and it is only marked, to be
 * left out of the list while nothing was billed for it.
 */
export async function endVoiceSession(
  context: Pick<AppContext, 'database' | 'env' | 'now'>,
  verifiedEmail: string,
  sessionId: string,
  input: EndVoiceSessionInput,
): Promise<VoiceSession | null> {
  const now = context.now();
  let controlUrl: string | undefined;
  // The refusals are thrown before anything is written, so rolling back loses nothing.
  const outcome = await context.database.db.transaction(async (tx): Promise<VoiceSession | null> => {
    const session = await lockOwnedSession(tx, sessionId, verifiedEmail);
    if (session.duration !== null) throw conflict('This call has already ended.');

    const isOpen = session.status === 'started';
    const metadata = readSessionMetadata(session);
    const isStartFailed = input.hasCallStarted === false && isOpen && !metadata.lastActivityAt;
    if (isStartFailed && !metadata.call) {
      await deleteVoiceSession(tx, session.id);
      return null;
    }
    const ended = await updateVoiceSession(tx, session.id, {
      duration: input.duration,
      transcript: input.transcript,
      ...(isStartFailed ? { metadata: { ...metadata, isStartFailed: true } } : {}),
      ...(isOpen ? { status: 'ended', endedAt: now } : {}),
    });
    if (isOpen) controlUrl = readSessionMetadata(ended).call?.controlUrl;

    if (ended.billedMinutes === null && !awaitsVapiReport(ended, context.env)) {
      const endedAt = ended.endedAt ?? now;
      return (
        (await billSession(tx, ended, { seconds: serverSeenSeconds(ended, endedAt), endedAt, now })) ?? ended
      );
    }
    return ended;
  });
  if (controlUrl) await endVapiCall(controlUrl);
  return outcome;
}
