import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { useToastPlacement } from './use-toast-placement';
import { dismissToast, useToasts } from './use-toast';

// Toasts last 5000 ms by default and are dismissed by a 50 px swipe to the right; F8 focuses the
// notification region (Radix's default hotkey). The region is placed where it covers no control
// (use-toast-placement.ts).
export function Toaster() {
  const toasts = useToasts();
  const viewportRef = useRef<HTMLOListElement>(null);
  const top = useToastPlacement(viewportRef, toasts);

  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition',
            t.variant === 'destructive'
              ? 'border-red-200 bg-red-50 text-red-900'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            {t.title ? (
              <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            ) : null}
            {t.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            ) : null}
            {t.action ? (
              <ToastPrimitive.Action altText={t.action.altText} asChild>
                <a
                  // The action is a button by default: a link has no type.
                  type={undefined}
                  href={t.action.href}
                  download={t.action.download || undefined}
                  className="mt-1 inline-flex h-8 w-fit items-center rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700"
                >
                  {t.action.label}
                </a>
              </ToastPrimitive.Action>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewportRef}
        style={top === undefined ? undefined : { top }}
        className="fixed right-0 top-2 z-[100] flex w-full flex-col gap-2 px-3 outline-none sm:max-w-sm sm:px-4"
      />
    </ToastPrimitive.Provider>
  );
}
