import { useCallback, useEffect, useRef, useState } from 'react';
import { useLatestRef } from '@/lib/use-latest-ref';
import { listenToCall } from './call-events';
import type { CallStatus, CallSummary, StartOutcome } from './call-types';
import { addCaption, formatTranscript, type Caption } from './captions';
import { useCallClient } from './use-call-client';
import { useCallTimer } from './use-call-timer';
import { toVoiceCallError, VoiceCallError, type CallRequest, type VoiceClient } from './voice-client';

// Calls start from a click handler, never from an effect (StrictMode runs effects twice and
// Daily refuses a second call object: "Duplicate DailyIframe").

export interface UseVoiceCallOptions {
  /** Creates the provider client; called once, on the first start. */
  loadClient: () => Promise<VoiceClient>;
  /** Runs once per call that got past `prepare`, however it ended. */
  onEnded?: (summary: CallSummary) => void;
}

export function useVoiceCall({ loadClient, onEnded }: UseVoiceCallOptions) {
  const [status, setStatusState] = useState<CallStatus>('idle');
  const [isMuted, setIsMutedState] = useState(false);
  const [isAssistantSpeaking, setIsAssistantSpeaking] = useState(false);
  const [volumeLevel, setVolumeLevel] = useState(0);
  const [captions, setCaptions] = useState<Caption[]>([]);
  const [error, setError] = useState<VoiceCallError | null>(null);

  const { elapsedSeconds, limitTimer, resetTimer, startTimer, stopTimer } = useCallTimer();
  const {
    getClient,
    getLoadedClient,
    stopClient,
    waitForStop,
    isCallLive,
    markCallLive,
    markCallEnded,
    takeStopEcho,
    releaseClient,
  } = useCallClient(loadClient);

  const statusRef = useRef<CallStatus>('idle');
  const isMutedRef = useRef(false);
  const isMountedRef = useRef(true);
  const captionsRef = useRef<Caption[]>([]);
  const captionIdRef = useRef(0);
  const callIdRef = useRef<string | undefined>(undefined);
  const startErrorRef = useRef<unknown>(null);
  const isStartPendingRef = useRef(false); // provider.start() has not answered yet
  const hasSessionRef = useRef(false); // prepare opened a session that onEnded must close
  const onEndedRef = useLatestRef(onEnded);

  const setStatus = (next: CallStatus) => {
    statusRef.current = next;
    if (isMountedRef.current) setStatusState(next);
  };

  const setMuted = (muted: boolean) => {
    isMutedRef.current = muted;
    setIsMutedState(muted);
  };

  const updateCaptions = (next: Caption[]) => {
    captionsRef.current = next;
    setCaptions(next);
  };

  const finish = useCallback(
    (reason: CallSummary['reason']) => {
      const current = statusRef.current;
      if (current !== 'connecting' && current !== 'active') return;
      const durationSeconds = stopTimer(reason !== 'failed');
      setStatus(reason === 'failed' ? 'idle' : 'ended');
      setIsAssistantSpeaking(false);
      setVolumeLevel(0);
      setMuted(false);
      stopClient();
      if (hasSessionRef.current) {
        hasSessionRef.current = false;
        onEndedRef.current?.({
          durationSeconds,
          transcript: formatTranscript(captionsRef.current),
          callId: callIdRef.current,
          reason,
        });
      }
    },
    [onEndedRef, stopClient, stopTimer],
  );

  const handleCallStart = useCallback(() => {
    if (statusRef.current !== 'connecting') return;
    startTimer(() => finish('max-duration'));
    setStatus('active');
  }, [finish, startTimer]);

  const attach = useCallback(
    (client: VoiceClient) =>
      listenToCall(client, {
        read: () => ({
          status: statusRef.current,
          isStartPending: isStartPendingRef.current,
          isProviderCallLive: isCallLive(),
        }),
        onCallStart: handleCallStart,
        takeStopEcho,
        onRemoteEnd: () => {
          markCallEnded();
          finish('remote');
        },
        onSpeaking: setIsAssistantSpeaking,
        onVolume: setVolumeLevel,
        onTranscript: (message) => {
          captionIdRef.current += 1;
          updateCaptions(addCaption(captionsRef.current, message, captionIdRef.current));
        },
        onStartError: (cause, isMicrophoneError) => {
          if (isMicrophoneError) startErrorRef.current = cause;
          else startErrorRef.current ??= cause;
        },
        onCallError: setError,
      }),
    [finish, handleCallStart, isCallLive, markCallEnded, takeStopEcho],
  );

  /**
   * Starts a call from a click. `prepare` runs once the provider is loaded and has the microphone,
   * and before it starts (it opens our voice session, whose minutes are billed); returning null
   * aborts quietly, e.g. when the server said no.
   */
  const start = useCallback(
    async (prepare: () => Promise<CallRequest | null>): Promise<StartOutcome> => {
      if (statusRef.current === 'connecting' || statusRef.current === 'active')
        return { ok: false, reason: 'busy' };
      setStatus('connecting');
      setError(null);
      resetTimer();
      setMuted(false);
      updateCaptions([]);
      callIdRef.current = undefined;
      startErrorRef.current = null;

      const fail = (cause: unknown): StartOutcome => {
        const callError = toVoiceCallError(cause);
        if (isMountedRef.current) setError(callError);
        if (hasSessionRef.current) {
          finish('failed');
        } else {
          setStatus('idle');
          stopClient();
        }
        return { ok: false, reason: 'failed', error: callError };
      };

      let client: VoiceClient;
      try {
        client = await getClient(attach);
        // The microphone before the session: a refused or missing one opens no session, so it
        // costs no minute.
        await client.acquireMicrophone?.();
      } catch (cause) {
        return fail(cause);
      }
      // Nothing started: stop() just lets go of the microphone this attempt acquired.
      const releaseMicrophone = () => {
        if (client.acquireMicrophone) stopClient(client);
      };
      if (!isMountedRef.current) {
        releaseMicrophone(); // the page was left while the browser asked for the microphone
        return { ok: false, reason: 'aborted' };
      }
      let request: CallRequest | null = null;
      try {
        request = await prepare();
      } catch {
        request = null;
      }
      if (!request) {
        setStatus('idle');
        releaseMicrophone();
        return { ok: false, reason: 'aborted' };
      }
      if (!isMountedRef.current) {
        // The page was left while the session opened: close it without a call.
        releaseMicrophone();
        onEndedRef.current?.({ durationSeconds: 0, transcript: '', reason: 'failed' });
        return { ok: false, reason: 'aborted' };
      }
      hasSessionRef.current = true;
      limitTimer(request.maxDurationSeconds);
      await waitForStop();
      isStartPendingRef.current = true;
      let call: { callId?: string } | null;
      try {
        call = await client.start(request);
      } catch (cause) {
        return fail(cause);
      } finally {
        isStartPendingRef.current = false;
      }
      if (!call) return fail(startErrorRef.current ?? new VoiceCallError('failed'));
      callIdRef.current = call.callId;
      markCallLive();
      const now = statusRef.current as CallStatus; // listeners may have moved it on meanwhile
      if (now !== 'connecting' && now !== 'active') {
        stopClient(); // the page was left while the provider was joining
        return { ok: false, reason: 'aborted' };
      }
      return { ok: true };
    },
    [attach, finish, getClient, limitTimer, markCallLive, onEndedRef, resetTimer, stopClient, waitForStop],
  );

  const end = useCallback(() => finish('user'), [finish]);
  /** The server no longer counts this call: it ends here too. */
  const expire = useCallback(() => finish('expired'), [finish]);

  const toggleMute = useCallback(() => {
    const client = getLoadedClient();
    if (!client || statusRef.current !== 'active') return;
    const next = !isMutedRef.current;
    client.setMuted(next);
    setMuted(next);
  }, [getLoadedClient]);

  useEffect(() => {
    // Closing or reloading the tab runs no React cleanup: end the call while the page still can.
    const endWithPage = () => finish('page-hide');
    window.addEventListener('pagehide', endWithPage);
    return () => window.removeEventListener('pagehide', endWithPage);
  }, [finish]);

  useEffect(() => {
    isMountedRef.current = true;
    return () => {
      // Leaving the page ends a running call (the session is closed) and drops the listeners.
      isMountedRef.current = false;
      finish('unmount');
      releaseClient();
    };
  }, [finish, releaseClient]);

  return {
    status,
    elapsedSeconds,
    isMuted,
    isAssistantSpeaking,
    volumeLevel,
    captions,
    error,
    start,
    end,
    expire,
    toggleMute,
  };
}
