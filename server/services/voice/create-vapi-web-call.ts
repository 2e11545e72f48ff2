import type { VoiceSession } from '../../../shared/schema';
import type { AppContext } from '../../app-deps';
import { conflict, isUniqueViolation, unavailable } from '../../lib/app-error';
import { lockVoiceSession, updateVoiceSession } from '../../storage/voice-sessions';
import { buildAssistantConfig } from './assistant-config';
import { getVoiceProvider } from './get-voice-config';
import { lockOwnedSession } from './owned-session';
import { maxSecondsOf, observedSeconds } from './session-billing';
import { readSessionMetadata, type SessionMetadata } from './session-metadata';
import { getReportServer, type VapiAssistantSync } from './vapi-assistant-sync';
import {
  endVapiCall,
  postVapiWebCall,
  toSdkWebCall,
  type SdkWebCall,
  type VapiWebCall,
} from './vapi-calls-api';

/** Vapi's smallest maximum duration: a session with less time left gets no call. */
export const MIN_CALL_SECONDS = 10;

type CallContext = Pick<AppContext, 'database' | 'env' | 'content' | 'now'>;

/**
 * POST /api/vapi/call/web, Vapi's proxy pattern: the page's SDK asks us, not Vapi, for its call.
 * Only the verified owner of an open Vapi session without a call gets one, created here with the
 * private key, the server's assistant, the seconds the session has left and our metadata, plus our
 * server URL for the end-of-call report when reports are configured. The call id is stored on the
 * session, so the report bills the right session and a second call for it is refused (409).
 */
export async function createVapiWebCall(
  context: CallContext,
  assistants: VapiAssistantSync,
  verifiedEmail: string,
  sessionId: string,
): Promise<SdkWebCall> {
  const { env } = context;
  if (getVoiceProvider(env) !== 'vapi') throw unavailable('Vapi calls are not configured on this server.');
  const report = getReportServer(env);
  const { session, maxDurationSeconds } = await claimSessionCall(
    context,
    verifiedEmail,
    sessionId,
    Boolean(report),
  );

  let call: VapiWebCall;
  try {
    const assistantId = await assistants.resolveAssistantId();
    const overrides = {
      maxDurationSeconds,
      metadata: { voiceSessionId: session.id, userId: session.userId },
      // The server ends the call when the visitor ends the session (end-voice-session).
      monitorPlan: { controlEnabled: true },
      ...(report ? { server: report, serverMessages: ['end-of-call-report'] } : {}),
    };
    call = await postVapiWebCall(
      env,
      assistantId
        ? { assistantId, assistantOverrides: overrides }
        : {
            assistant: { ...buildAssistantConfig(env, context.content), maxDurationSeconds },
            assistantOverrides: overrides,
          },
    );
  } catch (error) {
    await releaseSessionCall(context, session.id);
    throw error;
  }
  await storeSessionCall(context, session.id, call);
  return toSdkWebCall(call);
}

/**
 * Marks the session as having its call requested, in one transaction holding the user's and the
 * session's row locks (the order every billing path takes), so of two requests for one session
 * only the first gets past here. Answers the seconds the call may last: what is left of the
 * session's maximum since the server opened it.
 */
async function claimSessionCall(
  context: CallContext,
  verifiedEmail: string,
  sessionId: string,
  isReportRequested: boolean,
): Promise<{ session: VoiceSession; maxDurationSeconds: number }> {
  const now = context.now();
  return context.database.db.transaction(async (tx) => {
    const session = await lockOwnedSession(tx, sessionId, verifiedEmail);
    const metadata = readSessionMetadata(session);
    if (session.status !== 'started' || session.duration !== null || session.billedMinutes !== null)
      throw conflict('This call has ended. Start a new call.');
    if (metadata.provider !== 'vapi') throw conflict('This session is not a Vapi call.');
    if (session.vapiCallId || metadata.call) throw conflict('This session already has a call.');
    const maxDurationSeconds = maxSecondsOf(session) - observedSeconds(session, now);
    if (maxDurationSeconds < MIN_CALL_SECONDS) throw conflict('This call has reached its time limit.');

    const next: SessionMetadata = {
      ...metadata,
      call: { requestedAt: now.toISOString(), isReportRequested },
    };
    await updateVoiceSession(tx, session.id, { metadata: next });
    return { session, maxDurationSeconds };
  });
}

/** Vapi gave no call: the session may ask again (and bills nothing if it never gets one). */
async function releaseSessionCall(context: CallContext, sessionId: string): Promise<void> {
  await context.database.db.transaction(async (tx) => {
    const session = await lockVoiceSession(tx, sessionId);
    if (!session || session.vapiCallId) return;
    const { call: _released, ...metadata } = readSessionMetadata(session);
    await updateVoiceSession(tx, sessionId, { metadata });
  });
}

/**
 * Keeps Vapi's call id and control URL on the session. If the visitor ended the session while Vapi
 * was creating the call, the call is ended at once and the page is told so (409): the session was
 * billed for the time the server saw, and the call must not outlive it.
 */
async function storeSessionCall(context: CallContext, sessionId: string, call: VapiWebCall): Promise<void> {
  let isStillOpen: boolean;
  try {
    isStillOpen = await context.database.db.transaction(async (tx) => {
      const session = await lockVoiceSession(tx, sessionId);
      if (!session) return false;
      const metadata = readSessionMetadata(session);
      const record = {
        requestedAt: metadata.call?.requestedAt ?? context.now().toISOString(),
        isReportRequested: metadata.call?.isReportRequested ?? false,
        ...(call.monitor?.controlUrl ? { controlUrl: call.monitor.controlUrl } : {}),
      };
      await updateVoiceSession(tx, sessionId, {
        vapiCallId: call.id,
        metadata: { ...metadata, call: record } satisfies SessionMetadata,
      });
      return session.status === 'started' && session.billedMinutes === null;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    isStillOpen = false;
  }
  if (isStillOpen) return;
  if (call.monitor?.controlUrl) await endVapiCall(call.monitor.controlUrl);
  throw conflict('This call has ended. Start a new call.');
}
