import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './use-return-focus';

// A panel that slides in from the left edge over a backdrop: a Radix dialog, so focus is trapped
// inside while it is open, Escape or the backdrop closes it, and focus returns to the trigger.
export const Sheet = DialogPrimitive.Root;

export function SheetContent({
  title,
  children,
  className,
  closeLabel = 'Close',
}: {
  /** Names the panel for assistive technology; not shown. */
  title: string;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="sheet-backdrop"
        className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        {...returnFocus}
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-sm flex-col bg-white shadow-2xl focus:outline-none',
          'data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in',
          className,
        )}
      >
        <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute right-3 top-3 inline-flex size-9 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
