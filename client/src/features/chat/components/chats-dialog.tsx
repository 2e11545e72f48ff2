import { MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { cn } from '@/lib/cn';
import { useDialogOnFirstUse } from '@/lib/use-dialog-on-first-use';

const loadContent = () => import('./chats-dialog-content');
const ChatsDialogContent = lazy(() =>
  loadContent().then((module) => ({ default: module.ChatsDialogContent })),
);

/**
 * "Chats" in the header: this browser's earlier conversations, to go back to one, and a new chat.
 * The list is fetched each time it opens, so it is never stale. The dialog loads on first use
 * (pointing at or focusing the button starts the load).
 */
export function ChatsDialog({
  className,
  currentId,
  isDisabled,
  onOpenConversation,
}: {
  className: string;
  currentId: string | null;
  /** While a reply is on its way the chat cannot change. */
  isDisabled: boolean;
  /** Shows the conversation with this id, or (null) starts a new one. */
  onOpenConversation(id: string | null): void;
}) {
  const { isOpen, setIsOpen, hasOpened, triggerProps } = useDialogOnFirstUse(loadContent);
  const choose = (id: string | null) => {
    setIsOpen(false);
    if (id !== currentId) onOpenConversation(id);
  };
  return (
    <>
      <button
        type="button"
        disabled={isDisabled}
        aria-label="Your chats"
        title="Your chats"
        {...triggerProps}
        className={cn(className, 'sm:w-auto sm:gap-2 sm:px-3 sm:text-sm sm:font-medium')}
      >
        <MessagesSquare className="size-5" aria-hidden />
        <span className="hidden sm:inline" aria-hidden>
          Chats
        </span>
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <ChatsDialogContent
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            currentId={currentId}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
