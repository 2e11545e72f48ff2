import type { ReactNode } from 'react';
import type { ChatMessage } from '@shared/chat';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/relative-time';
import { AssistantText } from './assistant-text';
import { CopyReplyButton, RegenerateButton, StoppedLabel } from './reply-actions';

export interface CloneIdentity {
  /** "Alex's AI clone" */
  name: string;
  /** The owner's full name, for the avatar's initials. */
  ownerName: string;
  photo?: string;
}

function MessageTime({ timestamp, now }: { timestamp: string; now: Date }) {
  const label = formatRelativeTime(timestamp, now);
  if (!timestamp) return <span>{label}</span>;
  return (
    <time dateTime={timestamp} title={new Date(timestamp).toLocaleString()}>
      {label}
    </time>
  );
}

export function UserMessage({ message, now }: { message: ChatMessage; now: Date }) {
  return (
    <li className="flex flex-col items-end gap-1">
      <div className="max-w-[85%] whitespace-pre-wrap break-words rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-[15px] leading-relaxed text-white shadow-sm sm:max-w-[75%]">
        <span className="sr-only">You said: </span>
        {message.content}
      </div>
      <span className="px-1 text-xs text-slate-600">
        <MessageTime timestamp={message.timestamp} now={now} />
      </span>
    </li>
  );
}

/** A row spoken by the clone: its avatar and name beside whatever it says. */
export function CloneRow({
  clone,
  className,
  children,
}: {
  clone: CloneIdentity;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex gap-3', className)}>
      <Avatar
        src={clone.photo}
        name={clone.ownerName}
        size="sm"
        isDecorative
        className="mt-6 ring-2 ring-white"
      />
      <div className="flex min-w-0 max-w-[85%] flex-col gap-1 sm:max-w-[80%]">
        <span className="px-1 text-xs font-medium text-slate-600">{clone.name}</span>
        {children}
      </div>
    </li>
  );
}

/** A reply from the clone: avatar, name, the Markdown body and its time. */
export function AssistantMessage({
  clone,
  children,
  timestamp,
  now,
  isStreaming = false,
  actions,
  after,
}: {
  clone: CloneIdentity;
  children: ReactNode;
  timestamp?: string;
  now: Date;
  isStreaming?: boolean;
  /** Shown after the time: copy, regenerate, the stopped mark. */
  actions?: ReactNode;
  /** Below it all, e.g. the prompt to book a call. */
  after?: ReactNode;
}) {
  return (
    <CloneRow clone={clone}>
      <div
        className={cn(
          'min-w-0 break-words rounded-2xl rounded-tl-md bg-white px-4 py-3 text-[15px] leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200/80',
          isStreaming && 'streaming-caret',
        )}
      >
        <span className="sr-only">{clone.name} said: </span>
        {children}
      </div>
      {timestamp !== undefined || actions ? (
        <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5 px-1 text-xs text-slate-600">
          {timestamp !== undefined ? (
            <span className="mr-1">
              <MessageTime timestamp={timestamp} now={now} />
            </span>
          ) : null}
          {actions}
        </div>
      ) : null}
      {after}
    </CloneRow>
  );
}

export function MessageBubble({
  message,
  clone,
  now,
  onRegenerate,
  canRegenerate = false,
  after,
}: {
  message: ChatMessage;
  clone: CloneIdentity;
  now: Date;
  /** Only on the clone's last reply. */
  onRegenerate?(): void;
  canRegenerate?: boolean;
  /** Below a reply, e.g. the prompt to book a call. */
  after?: ReactNode;
}) {
  if (message.role === 'user') return <UserMessage message={message} now={now} />;
  const actions = (
    <>
      {message.isStopped ? <StoppedLabel /> : null}
      <CopyReplyButton content={message.content} />
      {onRegenerate ? <RegenerateButton onRegenerate={onRegenerate} isDisabled={!canRegenerate} /> : null}
    </>
  );
  return (
    <AssistantMessage clone={clone} timestamp={message.timestamp} now={now} actions={actions} after={after}>
      <AssistantText content={message.content} />
    </AssistantMessage>
  );
}
