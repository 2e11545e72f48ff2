import type { CallSummary } from './call/call-types';
import { formatDuration } from './format';

/** A call the provider ended this close to its maximum was ended by the maximum. */
const LIMIT_SLACK_SECONDS = 15;

export interface CallEndFacts {
  summary: CallSummary;
  /** The session's maximum, and the seconds since it was opened (the provider's clock starts there). */
  maxDurationSeconds: number;
  secondsSinceOpen: number;
  /** VOICE_MAX_CALL_MINUTES; a shorter maximum came from the minutes left on the plan. */
  maxCallMinutes: number | undefined;
}

/**
 * What the page says when a call has ended ("Call Ended" with its duration), and why when it was
 * not the visitor: the per-call limit or the plan's last minutes, or the server ending a call whose
 * page it stopped hearing from. Null when nothing is said (a call that never started, a page left).
 */
export function describeCallEnd({
  summary,
  maxDurationSeconds,
  secondsSinceOpen,
  maxCallMinutes,
}: CallEndFacts): { title: string; description: string; reason?: string } | null {
  const { reason, durationSeconds } = summary;
  if (reason === 'failed' || reason === 'unmount' || reason === 'page-hide') return null;
  const description = `Call duration: ${formatDuration(durationSeconds)}`;
  if (reason === 'expired')
    return {
      title: 'Call Ended',
      description,
      reason: 'The connection to the server was lost, so the call was ended. You can start a new call.',
    };
  const isAtLimit =
    reason === 'max-duration' ||
    (reason === 'remote' && secondsSinceOpen >= maxDurationSeconds - LIMIT_SLACK_SECONDS);
  if (!isAtLimit) return { title: 'Call Ended', description };
  const capSeconds = (maxCallMinutes ?? Number.POSITIVE_INFINITY) * 60;
  return {
    title: 'Call Ended',
    description,
    reason:
      maxDurationSeconds >= capSeconds
        ? `Calls last at most ${maxCallMinutes} minutes. Start a new call to keep talking.`
        : 'This call used the minutes left on your plan this month.',
  };
}
