import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useReturnFocus } from './use-return-focus';

export const Dialog = DialogPrimitive.Root;

/** A centred modal with a title, optional description and a labelled close button. */
export function DialogContent({
  title,
  description,
  children,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Where focus goes on open (default: the first field or button): call preventDefault and focus it. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes on close, when the element that opened the dialog is gone: call preventDefault and focus it. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50 data-[state=open]:animate-in" />
      {/* The narrowest phones (320 px) get a smaller inner margin, so a field keeps room for its
          longest entry ("10 AM ET · Wed 12 AM ☾" in the booking form's time select). */}
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl focus:outline-none min-[360px]:p-6',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
        onOpenAutoFocus={(event) => {
          // What had focus is recorded first: it gets it back on close.
          returnFocus.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
        }}
      >
        <DialogPrimitive.Title className="pr-8 text-lg font-semibold text-slate-900">
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          className="absolute right-4 top-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
