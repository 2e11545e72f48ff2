import { useRef, useState } from 'react';
import { isUnlimited } from '@shared/plans';
import type { SubscriptionUserView, VoiceConfig } from '@shared/voice';
import { toast } from '@/components/ui/use-toast';
import { sendVoiceTurn } from './api';
import { createBrowserVoiceClient } from './call/browser-client';
import { useVoiceCall } from './call/use-voice-call';
import { loadVapiVoiceClient } from './call/vapi-client';
import { VoiceCallError } from './call/voice-client';
import { useSessionHeartbeat } from './use-session-heartbeat';
import { useVoiceSession } from './use-voice-session';
import { toastCallError, toastMinutesLimit, toastSubscriptionRequired } from './voice-call-toasts';

interface Options {
  config: VoiceConfig | undefined;
  email: string;
  user: SubscriptionUserView | null | undefined;
  /** A 401: this browser must prove the e-mail again. */
  onUnauthorized: () => void;
}

/**
 * The voice call as the page sees it: the client-side gate (an active subscription with minutes
 * left), our session opened before the provider starts, kept alive by heartbeats and closed after
 * it ends (use-voice-session.ts), the toasts, and the refresh of minutes and sessions.
 */
export function useVoiceConversation({ config, email, user, onUnauthorized }: Options) {
  const session = useVoiceSession({ config, email, userId: user?.id, onUnauthorized });
  /** The error of a failed start, already told in the "Call Error" toast: not repeated inline. */
  const [toastedError, setToastedError] = useState<VoiceCallError | null>(null);
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

  const call = useVoiceCall({ loadClient, onEnded: session.handleEnded });

  // The server ends a session whose page it stops hearing from; one it has ended ends here too.
  useSessionHeartbeat(session.liveSessionId, (sessionId) => {
    if (session.isOpen(sessionId)) call.expire();
  });

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
    const outcome = await call.start(session.openSession);
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
  return { ...call, error, startCall, endNotice: session.endNotice };
}
