import { Loader2, Trash2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useDialogOnFirstUse } from '@/lib/use-dialog-on-first-use';

const loadDialog = () => import('./delete-chat-dialog');
const DeleteChatDialog = lazy(() => loadDialog().then((module) => ({ default: module.DeleteChatDialog })));

/**
 * "Delete chat" in the header, behind a confirmation: the visitor's messages leave the site. The
 * confirmation loads on first use (pointing at or focusing the button starts the load).
 */
export function DeleteChatButton({
  className,
  canDelete,
  isDeleting,
  onDelete,
}: {
  className: string;
  canDelete: boolean;
  isDeleting: boolean;
  /** Deletes the chat; resolves once done (the dialog then closes). */
  onDelete(): Promise<unknown>;
}) {
  const { isOpen, setIsOpen, hasOpened, triggerProps } = useDialogOnFirstUse(loadDialog);

  async function confirm() {
    await onDelete().catch(() => undefined);
    setIsOpen(false);
  }

  return (
    <>
      <button
        type="button"
        disabled={!canDelete || isDeleting}
        aria-label="Delete chat"
        title="Delete chat"
        {...triggerProps}
        className={className}
      >
        {isDeleting ? (
          <Loader2 className="size-5 animate-spin" aria-hidden />
        ) : (
          <Trash2 className="size-5" aria-hidden />
        )}
      </button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <DeleteChatDialog
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            isDeleting={isDeleting}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
