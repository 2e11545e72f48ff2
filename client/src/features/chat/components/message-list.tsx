import { ArrowDown, RefreshCw } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import type { ChatMessage } from '@shared/chat';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFollowLatest } from '../use-follow-latest';
import type { ReplyDraft } from '../reply-draft';
import { useNow } from '../use-now';
import { AssistantText } from './assistant-text';
import { AssistantMessage, MessageBubble, UserMessage, type CloneIdentity } from './message-bubble';
import { TypingIndicator } from './typing-indicator';

interface MessageListProps {
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
  /** Regenerates the clone's last reply (given its id). */
  onRegenerate?(replyId: string): void;
  /** Another conversation opens at its newest message. */
  conversationId?: string | null;
  /** Shown below the reply with this id (the prompt to book a call). */
  afterReply?: { replyId: string; content: ReactNode };
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
  onRegenerate,
  conversationId,
  afterReply,
}: MessageListProps) {
  const now = useNow();
  const scrollRef = useRef<HTMLElement>(null);
  const isEmpty = messages.length === 0 && !isLoading && !isSending && !draft;
  const follow = useFollowLatest(scrollRef, {
    changes: [messages, isSending, isLoading],
    growing: draft?.reply,
    isSending,
    conversationKey: conversationId,
  });
  // A reply being regenerated gives way to its replacement.
  const shown = draft?.replacesId ? messages.filter((m) => m.id !== draft.replacesId) : messages;
  const last = shown.at(-1);
  const lastReplyId = last?.role === 'assistant' && !draft ? last.id : undefined;

  return (
    // Focusable so keyboard users can scroll the conversation. Relative, so the screen-reader
    // labels inside messages sit in the list and never make the page itself scroll.
    <section
      ref={scrollRef}
      aria-label="Conversation"
      tabIndex={0}
      onScroll={follow.onScroll}
      {...follow.intentHandlers}
      className="relative flex-1 overflow-y-auto overscroll-contain focus-visible:outline-offset-[-2px]"
    >
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6">
        <ol className="flex flex-col gap-5">
          {isEmpty && !hasFailed ? (
            <AssistantMessage clone={clone} now={now}>
              <p>{welcome}</p>
            </AssistantMessage>
          ) : null}
          {shown.map((message) => (
            <MessageBubble
              key={message.id}
              message={message}
              clone={clone}
              now={now}
              onRegenerate={
                onRegenerate && message.id === lastReplyId ? () => onRegenerate(message.id) : undefined
              }
              canRegenerate={!isSending && !message.id.startsWith('stopped-')}
              after={message.id === afterReply?.replyId ? afterReply.content : undefined}
            />
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
        {hasFailed ? <StartFailedAlert onRetry={onRetry} /> : null}
      </div>
      {follow.isAwayFromLatest ? <JumpToLatestButton onClick={follow.jumpToLatest} /> : null}
    </section>
  );
}

function StartFailedAlert({ onRetry }: { onRetry(): void }) {
  return (
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
  );
}

/** Pinned to the bottom of the list while the visitor reads above: takes no room in it. */
function JumpToLatestButton({ onClick }: { onClick(): void }) {
  return (
    <div className="pointer-events-none sticky bottom-0 flex h-0 justify-center">
      <button
        type="button"
        onClick={onClick}
        className="pointer-events-auto inline-flex h-9 -translate-y-12 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-medium text-slate-700 shadow-md ring-1 ring-slate-200 hover:bg-slate-50 hover:text-slate-900"
      >
        <ArrowDown className="size-4" aria-hidden />
        Jump to latest
      </button>
    </div>
  );
}
