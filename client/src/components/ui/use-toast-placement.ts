import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { findFreeTop, listControlBoxes } from './toast-placement';
import type { ToastItem } from './use-toast';

/**
 * Where the toast region (`viewportRef`) goes: a top that covers no control (toast-placement.ts),
 * found again when the page under it changes (scroll, resize, a dialog opening or closing) while a
 * toast shows.
 */
export function useToastPlacement(
  viewportRef: RefObject<HTMLOListElement | null>,
  toasts: readonly ToastItem[],
): number | undefined {
  const hasOpenToast = toasts.some((t) => t.open);
  const [top, setTop] = useState<number>();

  const place = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const rect = viewport.getBoundingClientRect();
    if (rect.height === 0) return;
    const controls = listControlBoxes(viewport);
    setTop(findFreeTop({ left: rect.left, right: rect.right }, rect.height, controls, window.innerHeight));
  }, [viewportRef]);

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

  return top;
}
