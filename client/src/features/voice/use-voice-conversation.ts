import { useRef, useState } from 'react';
import { isUnlimited, MAX_CALL_SECONDS } from '@shared/plans';
import {
  MAX_SESSION_DURATION_SECONDS,
  type SubscriptionUserView,
  type VoiceConfig,
  type VoiceSessionView,
} from '@shared/voice';
import { toast } from '@/components/ui/use-toast';
import { ApiError, hasStatus } from '@/lib/api-client';
import {
  endVoiceSession,
  sendEndVoiceSessionBeacon,
  sendVoiceTurn,
  startVoiceSession,
  useRefreshVoiceData,
  type EndVoiceSessionInput,
} from './api';
import { createBrowserVoiceClient } from './call/browser-client';
import type { CallSummary } from './call/call-types';
import { useVoiceCall } from './call/use-voice-call';
import { loadVapiVoiceClient } from './call/vapi-client';
import { VoiceCallError } from './call/voice-client';
import { describeCallEnd } from './call-end-notice';
import { rememberOpenCall } from './open-call';
import { useSessionHeartbeat } from './use-session-heartbeat';

const MAX_TRANSCRIPT_CHARS = 200_000;

const toastSubscriptionRequired = () =>
  toast({ title: 'Subscription Required', description: 'Please subscribe to use voice features.' });
const toastMinutesLimit = () =>
  toast({ title: 'Minutes Limit Reached', description: "You've reached your monthly voice minutes limit." });

interface Options {
  config: VoiceConfig | undefined;
  email: string;
  user: SubscriptionUserView | null | undefined;
  /** A 401: this browser must prove the e-mail again. */
  onUnauthorized: () => void;
}

interface OpenSession {
  session: VoiceSessionView;
  /** Date.now() when the server opened it. */
  openedAt: number;
}

/**
 * The voice call as the page sees it: the client-side gate (an active subscription with minutes
 * left), our session opened before the provider starts, kept alive by heartbeats and closed after
 * it ends (by a beacon when the tab is closed or reloaded), the toasts, and the refresh of minutes
 * and sessions.
 */
export function useVoiceConversation({ config, email, user, onUnauthorized }: Options) {
  const refresh = useRefreshVoiceData();
  const sessionRef = useRef<OpenSession | null>(null);
  const [liveSessionId, setLiveSessionId] = useState<string | null>(null);
  /** Why the last call ended, when it was not the visitor's doing. */
  const [endNotice, setEndNotice] = useState<string | null>(null);
  /** The error of a failed start, already told in the "Call Error" toast: not repeated inline. */
  const [toastedError, setToastedError] = useState<VoiceCallError | null>(null);
  const userId = user?.id;
  /** The microphone chosen before the call, read by the provider client when it opens one. */
  const audioDeviceIdRef = useRef<string | undefined>(undefined);
  const getAudioDeviceId = () => audioDeviceIdRef.current;

  // useVoiceCall keeps the latest loadClient and onEnded itself: plain functions are enough here.
  async function loadClient() {
    if (!config) throw new VoiceCallError('failed');
    if (config.provider === 'vapi') {
      if (!config.vapi)
        throw new VoiceCallError('failed', 'Assistant or Squad or Workflow must be provided.');
      return loadVapiVoiceClient(config.vapi, getAudioDeviceId);
    }
    return createBrowserVoiceClient({
      sendTurn: sendVoiceTurn,
      firstMessage: config.firstMessage,
      getAudioDeviceId,
    });
  }

  function handleEnded(summary: CallSummary) {
    const open = sessionRef.current;
    sessionRef.current = null;
    if (!open) return;
    const input: EndVoiceSessionInput = {
      duration: Math.min(summary.durationSeconds, MAX_SESSION_DURATION_SECONDS),
      transcript: summary.transcript.slice(0, MAX_TRANSCRIPT_CHARS),
      endedAt: new Date().toISOString(),
      ...(summary.callId ? { vapiCallId: summary.callId } : {}),
      // A start that failed leaves no 0:00 session behind.
      ...(summary.reason === 'failed' ? { hasCallStarted: false } : {}),
    };
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

  const call = useVoiceCall({ loadClient, onEnded: handleEnded });

  // The server ends a session whose page it stops hearing from; one it has ended ends here too.
  useSessionHeartbeat(liveSessionId, (sessionId) => {
    if (sessionRef.current?.session.id === sessionId) call.expire();
  });

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

  async function startCall(audioDeviceId?: string) {
    if (call.status === 'connecting' || call.status === 'active') return;
    audioDeviceIdRef.current = audioDeviceId;
    if (!user || user.subscriptionStatus !== 'active') {
      toastSubscriptionRequired();
      return;
    }
    if (!isUnlimited(user.voiceMinutesLimit) && user.voiceMinutesUsed >= user.voiceMinutesLimit) {
      toastMinutesLimit();
      return;
    }
    const outcome = await call.start(openSession);
    if (outcome.ok) {
      const owner = config?.ownerName ? `${config.ownerName}'s` : 'the';
      toast({ title: 'Call Started', description: `You're now speaking with ${owner} AI clone!` });
    } else if (outcome.reason === 'failed') {
      setToastedError(outcome.error);
      toastCallError(outcome.error);
    }
  }

  // One place per error: a failed start is told by its toast, an error during a call inline.
  const error = call.error === toastedError ? null : call.error;
  return { ...call, error, startCall, endNotice };
}

function toastCallError(error?: VoiceCallError) {
  toast({
    title: 'Call Error',
    description:
      error && error.kind !== 'failed' ? error.message : 'Failed to start voice call. Please try again.',
    variant: 'destructive',
  });
}
