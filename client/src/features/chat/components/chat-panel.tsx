import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMessage } from '@shared/chat';
import type { PublicProfile } from '@shared/content';
import type { ConversationState } from '../api/create-conversation';
import { useSendMessage } from '../use-send-message';
import { getCloneName, toChatOwner } from '../owner';
import type { StreamedReply } from '../read-chat-stream';
import { toPlainText } from '../safe-url';
import { preloadMarkdown } from './assistant-text';
import { BookCallPrompt } from './book-call-prompt';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { QuickQuestions } from './quick-questions';
import { ScheduleCallButton } from './schedule-call-button';
import { SuggestedQuestions } from './suggested-questions';

/** Who opened the contact form: the visitor (a button) or a reply (the server's decision). */
export type ContactFormOpener = 'visitor' | 'reply';

interface ChatPanelProps {
  profile: PublicProfile | undefined;
  conversation: ConversationState;
  onOpenSidebar(): void;
  /** The visitor is about to open the profile drawer (pointer, focus): a chance to load it. */
  onSidebarIntent?(): void;
  onOpenContactForm(opener: ContactFormOpener): void;
  /** The visitor is about to open the form (hover, focus): a chance to load it. */
  onContactFormIntent?(): void;
  /** Shown after the messages (the page's booked-call card). */
  footer?: ReactNode;
}

const KBD = 'font-sans font-semibold';
const SHIFT_ENTER_HINT = (
  <p className="hidden whitespace-nowrap text-xs text-slate-600 sm:block">
    <kbd className={KBD}>Shift</kbd>+<kbd className={KBD}>Enter</kbd> for a new line
  </p>
);

/**
 * The chat column: header, messages, quick questions, the input and the schedule-call button.
 * The page gives it the profile and the conversation and opens the sidebar and contact form.
 * The first reply renders Markdown: its renderer is fetched once the visitor heads for the input
 * or a quick question, not with the page (it is a third of the page's weight).
 */
export function ChatPanel({
  profile,
  conversation,
  onOpenSidebar,
  onSidebarIntent,
  onOpenContactForm,
  onContactFormIntent,
  footer,
}: ChatPanelProps) {
  const { conversationId, messages } = conversation;
  const owner = toChatOwner(profile);
  const clone = { name: getCloneName(owner), ownerName: owner.name ?? 'AI clone', photo: owner.photo };
  const [announcement, afterReply, onReply] = useReplyFollowUp(messages, clone.name, onOpenContactForm);
  const { send, regenerate, stop, draft, isSending } = useSendMessage(conversationId, messages, { onReply });
  const lastMessage = messages.at(-1);
  // Stored replies only (not one kept after Stop): the server suggests from what it holds.
  const lastReplyId =
    lastMessage?.role === 'assistant' && !isSending && !draft && !lastMessage.id.startsWith('stopped-')
      ? lastMessage.id
      : undefined;

  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <ChatHeader
        owner={owner}
        onOpenSidebar={onOpenSidebar}
        onSidebarIntent={onSidebarIntent}
        conversation={conversation}
        isSending={isSending}
      />
      <MessageList
        conversationId={conversationId}
        messages={messages}
        draft={draft}
        isSending={isSending}
        isLoading={conversation.isLoadingMessages}
        hasFailed={conversation.hasFailed}
        onRetry={conversation.retry}
        clone={clone}
        welcome={owner.greeting}
        footer={
          <>
            {conversationId && lastReplyId ? (
              <SuggestedQuestions
                conversationId={conversationId}
                replyId={lastReplyId}
                onAsk={(question) => void send(question)}
              />
            ) : null}
            {footer}
          </>
        }
        onRegenerate={(replyId) => void regenerate(replyId)}
        afterReply={afterReply}
      />
      {/* The first sign of a message on its way loads the Markdown renderer: a key, a pointer or a
          touch. Not focus, which the composer takes on its own as the page opens on a desktop. */}
      <div
        onKeyDown={preloadMarkdown}
        onPointerEnter={preloadMarkdown}
        onTouchStart={preloadMarkdown}
        className="shrink-0 border-t border-slate-200 bg-slate-50/95 px-4 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur sm:px-6"
      >
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-3">
          <QuickQuestions
            questions={profile?.quickQuestions ?? []}
            isDisabled={isSending || !conversationId}
            onAsk={(question) => void send(question)}
          />
          <Composer onSend={send} onStop={stop} isSending={isSending} isReady={Boolean(conversationId)} />
          <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-between">
            <ScheduleCallButton onClick={() => onOpenContactForm('visitor')} onIntent={onContactFormIntent} />
            {SHIFT_ENTER_HINT}
          </div>
        </div>
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </div>
  );
}

/**
 * What follows a reply (`onReply`): screen readers hear it (`announcement`), and the reply that
 * opened the form gets a "Book a call" prompt under it (`afterReply`). The form opens once the
 * whole reply is in the list (the stream is done; the list may render it a moment after the
 * stream's end) with its prompt: the prompt takes focus first, so it gets it back when the form
 * closes and the visitor reads on there.
 */
function useReplyFollowUp(
  messages: ChatMessage[],
  cloneName: string,
  onOpenContactForm: (opener: ContactFormOpener) => void,
) {
  const [announcement, setAnnouncement] = useState('');
  const [formReplyId, setFormReplyId] = useState<string | null>(null);
  const isFormPendingRef = useRef(false);
  const bookCallRef = useRef<HTMLButtonElement>(null);
  const isFormReplyListed = formReplyId !== null && messages.some((m) => m.id === formReplyId);
  useEffect(() => {
    if (!isFormReplyListed || !isFormPendingRef.current) return;
    isFormPendingRef.current = false;
    bookCallRef.current?.focus({ preventScroll: true });
    onOpenContactForm('reply');
  }, [isFormReplyListed, formReplyId, onOpenContactForm]);
  function onReply({ message, shouldShowContactForm }: StreamedReply) {
    setAnnouncement(`${cloneName} replied: ${toPlainText(message.content)}`);
    if (!shouldShowContactForm) return;
    isFormPendingRef.current = true;
    setFormReplyId(message.id);
  }
  const afterReply = formReplyId
    ? {
        replyId: formReplyId,
        content: <BookCallPrompt ref={bookCallRef} onClick={() => onOpenContactForm('visitor')} />,
      }
    : undefined;
  return [announcement, afterReply, onReply] as const;
}
