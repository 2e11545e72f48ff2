import type { VoiceSession } from '../../../shared/schema';
import type { z } from 'zod';
import type { endVoiceSessionSchema } from '../../../shared/voice';
import type { AppContext } from '../../app-deps';
import { AppError, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/app-error';
import { lockSubscriptionUser } from '../../storage/subscription-users';
import {
  findVoiceSession,
  lockVoiceSession,
  updateVoiceSession,
  type VoiceSessionPatch,
} from '../../storage/voice-sessions';
import { awaitsVapiReport, billSession, observedSeconds } from './session-billing';
import { NOT_YOUR_SUBSCRIPTION } from './start-voice-session';

export type EndVoiceSessionInput = z.infer<typeof endVoiceSessionSchema>;

export const SESSION_NOT_FOUND = 'This voice session was not found.';

/**
 * Ends the caller's own session. The client's duration and transcript are stored for display; the
 * billed time is the server's: for a Vapi call with reports configured, Vapi's end-of-call report
 * (applied when it arrives, or the server's figure if it never does), otherwise the time between
 * the start the server recorded and now, within the session's maximum.
 */
export async function endVoiceSession(
  context: Pick<AppContext, 'database' | 'env' | 'now'>,
  verifiedEmail: string,
  sessionId: string,
  input: EndVoiceSessionInput,
): Promise<VoiceSession> {
  const now = context.now();
  const found = await findVoiceSession(context.database.db, sessionId);
  if (!found) throw notFound(SESSION_NOT_FOUND);

  let outcome: VoiceSession | AppError;
  try {
    outcome = await context.database.db.transaction(async (tx): Promise<VoiceSession | AppError> => {
      const user = await lockSubscriptionUser(tx, found.userId);
      if (!user || user.email !== verifiedEmail) return forbidden(NOT_YOUR_SUBSCRIPTION);
      const session = (await lockVoiceSession(tx, sessionId))!;
      if (session.duration !== null) return conflict('This call has already ended.');

      const patch: VoiceSessionPatch = { duration: input.duration, transcript: input.transcript };
      if (input.vapiCallId && !session.vapiCallId) patch.vapiCallId = input.vapiCallId;
      if (session.status === 'started') Object.assign(patch, { status: 'ended', endedAt: now });
      const ended = await updateVoiceSession(tx, session.id, patch);

      if (ended.billedMinutes === null && !awaitsVapiReport(ended, context.env)) {
        const endedAt = ended.endedAt ?? now;
        return (
          (await billSession(tx, ended, { seconds: observedSeconds(ended, endedAt), endedAt, now })) ?? ended
        );
      }
      return ended;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This call id belongs to another session.');
    throw error;
  }
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
