import { useEffect } from 'react';
import { HEARTBEAT_INTERVAL_SECONDS } from '@shared/voice';
import { hasStatus } from '@/lib/api-client';
import { useLatestRef } from '@/lib/use-latest-ref';
import { sendVoiceHeartbeat } from './api';

/**
 * Tells the server every HEARTBEAT_INTERVAL_SECONDS that the page of the open session is still
 * there; without it the server ends the session within two minutes (a closed tab, a crash). When
 * the server answers that the session is over, `onGone(sessionId)` ends the call on the page too.
 * Network failures are left to the next beat.
 */
export function useSessionHeartbeat(sessionId: string | null, onGone: (sessionId: string) => void): void {
  const onGoneRef = useLatestRef(onGone);
  useEffect(() => {
    if (!sessionId) return;
    const timer = setInterval(() => {
      sendVoiceHeartbeat(sessionId).catch((error: unknown) => {
        if (hasStatus(error, 401, 403, 404, 409)) onGoneRef.current(sessionId);
      });
    }, HEARTBEAT_INTERVAL_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [sessionId, onGoneRef]);
}
