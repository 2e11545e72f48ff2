import { z } from 'zod';
import type { VoiceSession } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { forbidden } from '../../lib/app-error';
import { findSubscriptionUserById } from '../../storage/subscription-users';
import { listVoiceSessionsByUser } from '../../storage/voice-sessions';
import { NOT_YOUR_SUBSCRIPTION } from './start-voice-session';

export const MAX_LISTED_SESSIONS = 50;

/** The verified user's sessions, newest first. Any other user id is refused (403). */
export async function listVoiceSessions(
  context: Pick<AppContext, 'database'>,
  verifiedEmail: string,
  userId: string,
  limit = 20,
): Promise<VoiceSession[]> {
  const db = context.database.db;
  const user = z.uuid().safeParse(userId).success ? await findSubscriptionUserById(db, userId) : undefined;
  if (!user || user.email !== verifiedEmail) throw forbidden(NOT_YOUR_SUBSCRIPTION);
  return listVoiceSessionsByUser(db, user.id, Math.min(Math.max(1, limit), MAX_LISTED_SESSIONS));
}
