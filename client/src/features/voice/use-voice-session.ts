import { useRef, useState } from 'react';
import { MAX_CALL_SECONDS } from '@shared/plans';
import { MAX_SESSION_DURATION_SECONDS, type VoiceConfig, type VoiceSessionView } from '@shared/voice';
import { toast } from '@/components/ui/use-toast';
import { ApiError, hasStatus } from '@/lib/api-client';
import {
  endVoiceSession,
  sendEndVoiceSessionBeacon,
  startVoiceSession,
  useRefreshVoiceData,
  type EndVoiceSessionInput,
} from './api';
import type { CallSummary } from './call/call-types';
import { describeCallEnd } from './call-end-notice';
import { rememberOpenCall } from './open-call';
import { toastCallError, toastMinutesLimit, toastSubscriptionRequired } from './voice-call-toasts';

const MAX_TRANSCRIPT_CHARS = 200_000;

interface OpenSession {
  session: VoiceSessionView;
  /** Date.now() when the server opened it. */
  openedAt: number;
}

/** What the server keeps of a call that ended: its length, transcript and provider call id. */
function toEndSessionInput(summary: CallSummary): EndVoiceSessionInput {
  return {
    duration: Math.min(summary.durationSeconds, MAX_SESSION_DURATION_SECONDS),
    transcript: summary.transcript.slice(0, MAX_TRANSCRIPT_CHARS),
    endedAt: new Date().toISOString(),
    ...(summary.callId ? { vapiCallId: summary.callId } : {}),
    // A start that failed leaves no 0:00 session behind.
    ...(summary.reason === 'failed' ? { hasCallStarted: false } : {}),
  };
}

/**
 * Our voice session around the provider's call: opened before the provider starts (the server's
 * gate), remembered so that a reloaded page can close it, and closed after the call ends (by a
 * beacon when the tab is closed or reloaded), with the end told and minutes and sessions refreshed.
 */
export function useVoiceSession({
  config,
  email,
  userId,
  onUnauthorized,
}: {
  config: VoiceConfig | undefined;
  email: string;
  userId: string | undefined;
  onUnauthorized: () => void;
}) {
  const refresh = useRefreshVoiceData();
  const sessionRef = useRef<OpenSession | null>(null);
  const [liveSessionId, setLiveSessionId] = useState<string | null>(null);
  /** Why the last call ended, when it was not the visitor's doing. */
  const [endNotice, setEndNotice] = useState<string | null>(null);

  function handleEnded(summary: CallSummary) {
    const open = sessionRef.current;
    sessionRef.current = null;
    if (!open) return;
    const input = toEndSessionInput(summary);
    if (summary.reason === 'page-hide') {
      // Only a beacon still reaches the server now, and it must leave during this event. The
      // open-call record stays, for the reloaded page to make sure.
      sendEndVoiceSessionBeacon(open.session.id, input);
      setLiveSessionId(null);
      return;
    }
    setLiveSessionId(null);
    rememberOpenCall(null);
    void closeSession(open, input, summary);
  }

  async function closeSession(
    { session, openedAt }: OpenSession,
    input: EndVoiceSessionInput,
    summary: CallSummary,
  ) {
    try {
      await endVoiceSession(session.id, input);
    } catch (error) {
      if (hasStatus(error, 401)) onUnauthorized();
    }
    const notice = describeCallEnd({
      summary,
      maxDurationSeconds: session.maxDurationSeconds ?? MAX_CALL_SECONDS,
      secondsSinceOpen: (Date.now() - openedAt) / 1000,
      maxCallMinutes: config?.maxCallMinutes,
    });
    if (notice)
      toast({
        title: notice.title,
        description: notice.reason ? `${notice.description}. ${notice.reason}` : notice.description,
      });
    setEndNotice(notice?.reason ?? null);
    await refresh(email, session.userId);
  }

  async function openSession() {
    if (!userId) return null;
    try {
      const session = await startVoiceSession(userId);
      const openedAt = Date.now();
      sessionRef.current = { session, openedAt };
      rememberOpenCall({ sessionId: session.id, openedAt });
      setLiveSessionId(session.id);
      setEndNotice(null);
      const maxDurationSeconds = session.maxDurationSeconds ?? MAX_CALL_SECONDS;
      return { sessionId: session.id, maxDurationSeconds };
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === 'subscription_required') toastSubscriptionRequired();
      else if (code === 'minutes_exhausted') toastMinutesLimit();
      else if (hasStatus(error, 401)) onUnauthorized();
      else toastCallError();
      // The server knows better than our cached lookup: show its current minutes and status.
      if (code) void refresh(email);
      return null;
    }
  }

  /** Whether the session the server reports on is the one this page has open. */
  const isOpen = (sessionId: string) => sessionRef.current?.session.id === sessionId;

  return { openSession, handleEnded, liveSessionId, endNotice, isOpen };
}
