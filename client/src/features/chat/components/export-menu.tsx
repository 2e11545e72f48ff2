import { Download, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TranscriptFormat } from '../api/export-transcript';

const FORMATS: { format: TranscriptFormat; label: string }[] = [
  { format: 'json', label: 'JSON (.json)' },
  { format: 'md', label: 'Markdown (.md)' },
];

interface ExportMenuProps {
  className: string;
  canExport: boolean;
  isExporting: boolean;
  onExport(format: TranscriptFormat): void;
}

/**
 * The header's export button: a small menu of the transcript's formats. Arrow keys move between
 * them, Escape or a click elsewhere closes it and focus returns to the button.
 */
export function ExportMenu({ className, canExport, isExporting, onExport }: ExportMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!isOpen) return;
    itemRefs.current[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  function close() {
    setIsOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        disabled={!canExport || isExporting}
        aria-label="Export transcript"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        title="Export transcript"
        className={`${className} sm:w-auto sm:gap-2 sm:px-3 sm:text-sm sm:font-medium`}
      >
        {isExporting ? (
          <Loader2 className="size-5 animate-spin" aria-hidden />
        ) : (
          <Download className="size-5" aria-hidden />
        )}
        <span className="hidden sm:inline" aria-hidden>
          Export
        </span>
      </button>
      {isOpen ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Export transcript as"
          onKeyDown={(event) => onMenuKeyDown(event, itemRefs.current, close, () => setIsOpen(false))}
          className="absolute right-0 top-full z-20 mt-1 w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {FORMATS.map(({ format, label }, index) => (
            <button
              key={format}
              ref={(item) => {
                itemRefs.current[index] = item;
              }}
              type="button"
              role="menuitem"
              onClick={() => {
                close();
                onExport(format);
              }}
              className="flex w-full items-center rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none"
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** Arrow keys, Home and End move between the items; Escape closes (`close`), Tab leaves (`leave`). */
function onMenuKeyDown(
  event: KeyboardEvent,
  itemRefs: (HTMLButtonElement | null)[],
  close: () => void,
  leave: () => void,
) {
  const items = itemRefs.filter((item): item is HTMLButtonElement => item !== null);
  const index = items.indexOf(document.activeElement as HTMLButtonElement);
  const move = (to: number) => items[(to + items.length) % items.length]?.focus();
  if (event.key === 'Escape') close();
  else if (event.key === 'ArrowDown') move(index + 1);
  else if (event.key === 'ArrowUp') move(index - 1);
  else if (event.key === 'Home') move(0);
  else if (event.key === 'End') move(items.length - 1);
  else if (event.key === 'Tab') leave();
  else return;
  if (event.key !== 'Tab') event.preventDefault();
}
