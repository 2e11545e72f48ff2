import { z } from 'zod';
import type { VoiceSession } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { findSubscriptionUserById } from '../../storage/subscription-users';
import { listVoiceSessionsByUser } from '../../storage/voice-sessions';
import { requireOwnUser } from './owned-session';

/** The most sessions one list answers (the route's limit). */
export const MAX_LISTED_SESSIONS = 50;

/** The verified user's sessions, newest first. Any other user id is refused (403). */
export async function listVoiceSessions(
  context: Pick<AppContext, 'database'>,
  verifiedEmail: string,
  userId: string,
  limit = 20,
): Promise<VoiceSession[]> {
  const db = context.database.db;
  const user = requireOwnUser(
    z.uuid().safeParse(userId).success ? await findSubscriptionUserById(db, userId) : undefined,
    verifiedEmail,
  );
  return listVoiceSessionsByUser(db, user.id, limit);
}
