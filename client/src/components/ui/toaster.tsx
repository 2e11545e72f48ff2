import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { findFreeTop, listControlBoxes } from './toast-placement';
import { dismissToast, useToasts } from './use-toast';

// Toasts last 5000 ms by default and are dismissed by a 50 px swipe to the right; F8 focuses the
// notification region (Radix's default hotkey). The region is placed where it covers no control
// (toast-placement.ts), and moves again when the page under it changes (scroll, resize, a
// dialog opening or closing).
export function Toaster() {
  const toasts = useToasts();
  const viewportRef = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState<number>();
  const hasOpenToast = toasts.some((t) => t.open);

  const place = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const rect = viewport.getBoundingClientRect();
    if (rect.height === 0) return;
    const controls = listControlBoxes(viewport);
    setTop(findFreeTop({ left: rect.left, right: rect.right }, rect.height, controls, window.innerHeight));
  }, []);

  // Before the toast is painted, so it never flashes over a control.
  useLayoutEffect(() => {
    if (hasOpenToast) place();
  }, [toasts, hasOpenToast, place]);

  useEffect(() => {
    if (!hasOpenToast) return;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const observer = new MutationObserver(schedule);
    // Dialogs mount in portals on body; a page's own changes (a card appearing) show in #root.
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'hidden'],
    });
    window.addEventListener('resize', schedule);
    window.addEventListener('scroll', schedule, true);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      window.removeEventListener('scroll', schedule, true);
    };
  }, [hasOpenToast, place]);

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
