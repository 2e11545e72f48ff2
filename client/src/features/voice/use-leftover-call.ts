import { useEffect, useState } from 'react';
import { MAX_SESSION_DURATION_SECONDS } from '@shared/voice';
import { useLatestRef } from '@/lib/use-latest-ref';
import { endVoiceSession } from './api';
import { readOpenCall, rememberOpenCall } from './open-call';

/**
 * A call this tab left open when it was reloaded mid-call: ended here (the closing page's beacon
 * usually has already, and then this is refused with 409 and changes nothing) before the sessions
 * are listed, so the list never shows it in progress. Answers whether that is still under way.
 */
export function useLeftoverCall(isEnabled: boolean, onSettled: () => void): boolean {
  const [leftover, setLeftover] = useState(readOpenCall);
  const onSettledRef = useLatestRef(onSettled);

  useEffect(() => {
    if (!leftover || !isEnabled) return;
    let isCurrent = true;
    const seconds = Math.round((Date.now() - leftover.openedAt) / 1000);
    endVoiceSession(leftover.sessionId, {
      duration: Math.min(Math.max(0, seconds), MAX_SESSION_DURATION_SECONDS),
      transcript: '',
      endedAt: new Date().toISOString(),
    })
      .catch(() => undefined)
      .finally(() => {
        rememberOpenCall(null);
        if (!isCurrent) return;
        setLeftover(null);
        onSettledRef.current();
      });
    return () => {
      isCurrent = false;
    };
  }, [leftover, isEnabled, onSettledRef]);

  return Boolean(leftover) && isEnabled;
}
