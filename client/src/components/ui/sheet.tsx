import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

// A panel that slides in from the left edge over a backdrop: a Radix dialog, so focus is trapped
// inside while it is open, Escape or the backdrop closes it, and focus returns to the trigger.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

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
  // Radix returns focus only to a Radix trigger; this panel is opened by any button, so focus goes
  // back to whatever had it when the panel opened.
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-testid="sheet-backdrop"
        className="fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
      />
      <DialogPrimitive.Content
        aria-describedby={undefined}
        onOpenAutoFocus={() => {
          returnFocusRef.current =
            document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusRef.current;
          if (!target?.isConnected || target === document.body) return;
          event.preventDefault();
          target.focus();
        }}
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
