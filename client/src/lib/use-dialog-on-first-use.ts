import { useState } from 'react';

/**
 * A dialog whose code loads on first use. Once opened it stays mounted (`hasOpened`), so it closes
 * with Radix's own focus return; pointing at or focusing the button that opens it starts the load.
 * Spread `triggerProps` on that button.
 */
export function useDialogOnFirstUse(load: () => Promise<unknown>) {
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const preload = () => void load();
  const triggerProps = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': isOpen,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setHasOpened(true);
      setIsOpen(true);
    },
  };
  return { isOpen, setIsOpen, hasOpened, triggerProps };
}
