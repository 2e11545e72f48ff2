import { RefreshCw } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { ChatMessage } from '@shared/chat';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ReplyDraft } from '../use-send-message';
import { useNow } from '../use-now';
import { AssistantText } from './assistant-text';
import { AssistantMessage, MessageBubble, UserMessage, type CloneIdentity } from './message-bubble';
import { TypingIndicator } from './typing-indicator';

// Within this distance of the bottom the list follows a reply as it grows.
const FOLLOW_THRESHOLD_PX = 160;

function scrollToBottom(element: HTMLElement, behavior: ScrollBehavior) {
  if (typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight, behavior });
  else element.scrollTop = element.scrollHeight;
}

export function MessageList({
  messages,
  draft,
  isSending,
  isLoading,
  hasFailed,
  onRetry,
  clone,
  welcome,
  footer,
}: {
  messages: ChatMessage[];
  draft: ReplyDraft | null;
  isSending: boolean;
  isLoading: boolean;
  hasFailed: boolean;
  onRetry(): void;
  clone: CloneIdentity;
  welcome: string;
  /** Shown after the messages, e.g. the booked-call card the page adds. */
  footer?: ReactNode;
}) {
  const now = useNow();
  const scrollRef = useRef<HTMLElement>(null);
  const isEmpty = messages.length === 0 && !isLoading && !isSending && !draft;

  // Scroll smoothly to the newest message whenever messages or loading change.
  useEffect(() => {
    if (scrollRef.current) scrollToBottom(scrollRef.current, 'smooth');
  }, [messages, isSending, isLoading]);

  // While a reply grows, keep its end in view unless the visitor scrolled up to read.
  const reply = draft?.reply;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || !reply) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance < FOLLOW_THRESHOLD_PX * 2) scrollToBottom(element, 'auto');
  }, [reply]);

  return (
    // Focusable so keyboard users can scroll the conversation.
    <section
      ref={scrollRef}
      aria-label="Conversation"
      tabIndex={0}
      className="flex-1 overflow-y-auto overscroll-contain focus-visible:outline-offset-[-2px]"
    >
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
        <ol className="flex flex-col gap-5">
          {isEmpty && !hasFailed ? (
            <AssistantMessage clone={clone} now={now}>
              <p>{welcome}</p>
            </AssistantMessage>
          ) : null}
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} clone={clone} now={now} />
          ))}
          {draft?.pendingUserMessage ? <UserMessage message={draft.pendingUserMessage} now={now} /> : null}
          {isSending && !draft?.reply ? <TypingIndicator clone={clone} /> : null}
          {draft?.reply ? (
            <AssistantMessage clone={clone} now={now} isStreaming={isSending}>
              <AssistantText content={draft.reply} />
            </AssistantMessage>
          ) : null}
        </ol>
        {footer}
        {isLoading ? <Spinner size="sm" label="Loading your conversation…" className="py-10" /> : null}
        {hasFailed ? (
          <div
            role="alert"
            className="mx-auto mt-4 max-w-md rounded-2xl bg-white p-5 text-center shadow-sm ring-1 ring-slate-200"
          >
            <p className="text-sm text-slate-700">
              The chat could not be started. Please check your connection and try again.
            </p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden />
              Try again
            </Button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
