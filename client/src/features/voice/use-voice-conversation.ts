import { useRef } from 'react';
import { isUnlimited, MAX_CALL_SECONDS } from '@shared/plans';
import type { SubscriptionUserView, VoiceConfig, VoiceSessionView } from '@shared/voice';
import { toast } from '@/components/ui/use-toast';
import { ApiError, hasStatus } from '@/lib/api-client';
import { endVoiceSession, sendVoiceTurn, startVoiceSession, useRefreshVoiceData } from './api';
import { createBrowserVoiceClient } from './call/browser-client';
import type { CallSummary } from './call/call-types';
import { useVoiceCall } from './call/use-voice-call';
import { loadVapiVoiceClient } from './call/vapi-client';
import { VoiceCallError } from './call/voice-client';
import { formatDuration } from './format';

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

/**
 * The voice call as the page sees it: the spec's client-side gate, our session opened before the
 * provider starts and closed after it ends, the toasts, and the refresh of minutes and sessions.
 */
export function useVoiceConversation({ config, email, user, onUnauthorized }: Options) {
  const refresh = useRefreshVoiceData();
  const sessionRef = useRef<VoiceSessionView | null>(null);
  const userId = user?.id;

  // useVoiceCall keeps the latest loadClient and onEnded itself: plain functions are enough here.
  async function loadClient() {
    if (!config) throw new VoiceCallError('failed');
    if (config.provider === 'vapi') {
      if (!config.vapi)
        throw new VoiceCallError('failed', 'Assistant or Squad or Workflow must be provided.');
      return loadVapiVoiceClient(config.vapi);
    }
    return createBrowserVoiceClient({ sendTurn: sendVoiceTurn, firstMessage: config.firstMessage });
  }

  async function handleEnded(summary: CallSummary) {
    const session = sessionRef.current;
    sessionRef.current = null;
    if (!session) return;
    try {
      await endVoiceSession(session.id, {
        duration: Math.min(summary.durationSeconds, 43_200),
        transcript: summary.transcript.slice(0, MAX_TRANSCRIPT_CHARS),
        endedAt: new Date().toISOString(),
        ...(summary.callId ? { vapiCallId: summary.callId } : {}),
      });
    } catch (error) {
      if (hasStatus(error, 401)) onUnauthorized();
    }
    if (summary.reason !== 'failed' && summary.reason !== 'unmount') {
      toast({
        title: 'Call Ended',
        description: `Call duration: ${formatDuration(summary.durationSeconds)}`,
      });
    }
    await refresh(email, session.userId);
  }

  const call = useVoiceCall({ loadClient, onEnded: (summary) => void handleEnded(summary) });

  async function openSession() {
    if (!userId) return null;
    try {
      const session = await startVoiceSession(userId);
      sessionRef.current = session;
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

  async function startCall() {
    if (call.status === 'connecting' || call.status === 'active') return;
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
      toastCallError(outcome.error);
    }
  }

  return { ...call, startCall };
}

function toastCallError(error?: VoiceCallError) {
  toast({
    title: 'Call Error',
    description:
      error && error.kind !== 'failed' ? error.message : 'Failed to start voice call. Please try again.',
    variant: 'destructive',
  });
}
