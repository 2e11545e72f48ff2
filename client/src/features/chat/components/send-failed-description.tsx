import type { ReactNode } from 'react';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { SEND_FAILED_MESSAGE } from '../api';
import { ChatStreamError } from '../read-chat-stream';

/**
 * The failed-send toast's text, with the server's reason beneath it when retrying now would fail
 * again (too many messages, the clone unavailable or out of budget), so the visitor waits instead.
 */
export function sendFailedDescription(error: unknown): ReactNode {
  const status = error instanceof ApiError || error instanceof ChatStreamError ? error.status : undefined;
  if (status !== 429 && status !== 503) return SEND_FAILED_MESSAGE;
  return (
    <>
      <span className="block">{SEND_FAILED_MESSAGE}</span>
      <span className="mt-1 block">{getErrorMessage(error)}</span>
    </>
  );
}
