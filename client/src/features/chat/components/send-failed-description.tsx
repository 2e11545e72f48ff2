import type { ReactNode } from 'react';
import { ApiError, getErrorMessage, hasStatus } from '@/lib/api-client';
import { SEND_FAILED_MESSAGE } from '../api/send-message';
import { ChatStreamError } from '../read-chat-stream';

/**
 * The failed-send toast's text, with the server's reason beneath it when retrying now would fail
 * again (too many messages, the clone unavailable or out of budget), so the visitor waits instead.
 */
export function sendFailedDescription(error: unknown, summary: string = SEND_FAILED_MESSAGE): ReactNode {
  const status = error instanceof ApiError || error instanceof ChatStreamError ? error.status : undefined;
  if (status !== 429 && status !== 503) return summary;
  return (
    <>
      <span className="block">{summary}</span>
      <span className="mt-1 block">{getErrorMessage(error)}</span>
    </>
  );
}

const REGENERATE_FAILED_MESSAGE = 'Failed to regenerate the reply. Please try again.';

/** The same for a failed regeneration; a conflict (the chat changed elsewhere) says so. */
export function regenerateFailedDescription(error: unknown): ReactNode {
  if (hasStatus(error, 409)) return getErrorMessage(error);
  return sendFailedDescription(error, REGENERATE_FAILED_MESSAGE);
}
