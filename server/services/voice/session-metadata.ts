import { z } from 'zod';
import type { VoiceSession } from '../../../shared/schema';
import { boundHistory } from '../clone/build-prompt';
import type { ChatTurn } from '../clone/chat-model';

/** What a voice session keeps beside its columns (voice_sessions.metadata). */
export interface SessionMetadata {
  provider: 'vapi' | 'browser';
  /** When the server last answered a browser-voice turn: the end of what it saw of the call. */
  lastActivityAt?: string;
  /** The recent turns of a browser-voice call, so the clone keeps the thread. */
  turns?: ChatTurn[];
  /** A Vapi call the server asked Vapi for (POST /api/vapi/call/web): set before Vapi answers. */
  call?: VapiCallRecord;
  /** The page said the call's start failed: listed only if something was billed for it. */
  isStartFailed?: boolean;
}

export interface VapiCallRecord {
  requestedAt: string;
  /** Whether Vapi was given our server URL, so an end-of-call report will bill the call. */
  isReportRequested: boolean;
  /** Vapi's live-control URL of the call (a capability: never sent to the browser). */
  controlUrl?: string;
}

const metadataSchema = z.object({
  provider: z.enum(['vapi', 'browser']).catch('browser'),
  lastActivityAt: z.string().optional().catch(undefined),
  turns: z
    .array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() }))
    .optional()
    .catch(undefined),
  call: z
    .object({
      requestedAt: z.string(),
      isReportRequested: z.boolean(),
      controlUrl: z.string().optional(),
    })
    .optional()
    .catch(undefined),
  isStartFailed: z.boolean().optional().catch(undefined),
});

export function readSessionMetadata(session: Pick<VoiceSession, 'metadata'>): SessionMetadata {
  const parsed = metadataSchema.safeParse(session.metadata ?? {});
  return parsed.success ? parsed.data : { provider: 'browser' };
}

/** Bounds of the turns a call keeps. */
export const MAX_KEPT_TURNS = 12;
export const MAX_KEPT_CHARS = 8_000;

/** The newest turns within both bounds, starting with a visitor turn (as the chat's history). */
export const keepRecentTurns = (turns: ChatTurn[]): ChatTurn[] =>
  boundHistory(turns, { maxTurns: MAX_KEPT_TURNS, maxChars: MAX_KEPT_CHARS });
