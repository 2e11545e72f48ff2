import { useRef } from 'react';

/**
 * Radix returns focus only to a Radix trigger; our dialogs and sheets are opened by plain buttons
 * (or by the app), so focus goes back to whatever had it when they opened. Spread the handlers on
 * the Radix Content.
 */
export function useReturnFocus() {
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocusRef.current;
      if (!target?.isConnected || target === document.body) return;
      event.preventDefault();
      target.focus();
    },
  };
}
