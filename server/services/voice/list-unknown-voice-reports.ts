import type { UnknownVoiceReport } from '../../../shared/schema';
import type { Queryable } from '../../db/client';
import { listRecentUnknownVoiceReports } from '../../storage/unknown-voice-reports';

/** The owner sees at most this many, newest first. */
export const RECENT_UNKNOWN_VOICE_REPORTS = 200;

/** Vapi end-of-call reports for calls no session of ours made (billed nothing), newest first. */
export async function listUnknownVoiceReports(db: Queryable): Promise<UnknownVoiceReport[]> {
  return listRecentUnknownVoiceReports(db, RECENT_UNKNOWN_VOICE_REPORTS);
}
