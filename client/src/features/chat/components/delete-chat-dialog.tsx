import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/** The confirmation behind "Delete chat", loaded the first time it opens. */
export function DeleteChatDialog({
  isOpen,
  onOpenChange,
  isDeleting,
  onConfirm,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  isDeleting: boolean;
  onConfirm(): void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title="Delete this chat?"
        description="All messages of this conversation are deleted from the site for good, and a new chat starts. A call you booked stays booked."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogPrimitive.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogPrimitive.Close>
          <Button variant="danger" disabled={isDeleting} onClick={onConfirm}>
            {isDeleting ? 'Deleting...' : 'Delete chat'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
