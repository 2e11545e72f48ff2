import { Dialog, DialogContent } from '@/components/ui/dialog';

export interface ContactModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The chat that led to the request, linked so the owner can read it. */
  conversationId?: string;
}

// Placeholder until the booking issue (#3) builds the contact form.
export function ContactModal({ open, onOpenChange }: ContactModalProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Schedule a Phone Call">
        <p className="text-sm text-slate-600">The contact form is coming.</p>
      </DialogContent>
    </Dialog>
  );
}
