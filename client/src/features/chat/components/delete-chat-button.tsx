import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** "Delete chat" in the header, behind a confirmation: the visitor's messages leave the site. */
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
  const [isOpen, setIsOpen] = useState(false);

  async function confirm() {
    await onDelete().catch(() => undefined);
    setIsOpen(false);
  }

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogPrimitive.Trigger asChild>
        <button
          type="button"
          disabled={!canDelete || isDeleting}
          aria-label="Delete chat"
          title="Delete chat"
          className={className}
        >
          {isDeleting ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <Trash2 className="size-5" aria-hidden />
          )}
        </button>
      </DialogPrimitive.Trigger>
      <DialogContent
        title="Delete this chat?"
        description="All messages of this conversation are deleted from the site for good, and a new chat starts. A call you booked stays booked."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogPrimitive.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogPrimitive.Close>
          <Button variant="danger" disabled={isDeleting} onClick={() => void confirm()}>
            {isDeleting ? 'Deleting...' : 'Delete chat'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
