import { useRef } from 'react';
import type { LeadView } from '@shared/owner-desk';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { useLeadAction } from '../api';
import { formatOwnerDateTime } from '../format';

/**
 * Asks before cancelling: a booked call's cancellation e-mails the visitor at once. Focus starts on
 * the safe choice (keep it); once cancelled the lead leaves the list, so `onCancelled` says where
 * focus goes instead of the removed Cancel button.
 */
export function CancelLeadDialog({
  lead,
  zone,
  onClose,
  onCancelled,
}: {
  lead: LeadView | null;
  zone?: string;
  onClose: () => void;
  onCancelled: (event: Event) => void;
}) {
  const action = useLeadAction();
  const wasCancelled = useRef(false);
  const isCall = Boolean(lead?.scheduledAt);
  const cancel = () => {
    if (!lead) return;
    action.mutate(
      { id: lead.id, action: 'cancel' },
      {
        onSuccess: () => {
          wasCancelled.current = true;
          toast({ title: isCall ? 'Call cancelled' : 'Request cancelled', duration: 4000 });
          onClose();
        },
        onError: (error) =>
          toast({ title: 'That did not work', description: getErrorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog
      open={lead !== null}
      onOpenChange={(open) => {
        if (!open && !action.isPending) onClose();
      }}
    >
      {lead ? (
        <DialogContent
          title={
            isCall ? `Cancel the call with ${lead.fullName}?` : `Cancel the request from ${lead.fullName}?`
          }
          description={
            lead.scheduledAt
              ? `${formatOwnerDateTime(lead.scheduledAt, zone)}. The visitor gets a cancellation e-mail and the slot becomes free again.`
              : 'The request is closed; the visitor gets no e-mail.'
          }
          onCloseAutoFocus={(event) => {
            if (wasCancelled.current) onCancelled(event);
            wasCancelled.current = false;
          }}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={action.isPending} onClick={onClose}>
              {isCall ? 'Keep the call' : 'Keep the request'}
            </Button>
            <Button variant="danger" disabled={action.isPending} onClick={cancel}>
              {action.isPending ? 'Cancelling…' : isCall ? 'Cancel the call' : 'Cancel the request'}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
