import { CalendarClock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** How long the button shows its pressed state after a click. */
const CLICKED_STATE_MS = 600;

/**
 * "Schedule call to learn more about my services"; on hover it reads "Let's discuss your
 * project!". A click opens the contact form and marks the button clicked for 600 ms.
 */
export function ScheduleCallButton({ onClick, onIntent }: { onClick(): void; onIntent?(): void }) {
  const [isClicked, setIsClicked] = useState(false);
  const timerRef = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timerRef.current), []);

  function handleClick() {
    onClick();
    setIsClicked(true);
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => setIsClicked(false), CLICKED_STATE_MS);
  }

  return (
    <button
      type="button"
      onClick={handleClick}
      // A stable name: the hover text is decoration for pointer users.
      aria-label="Schedule call to learn more about my services"
      onPointerEnter={onIntent}
      onFocus={onIntent}
      data-clicked={isClicked || undefined}
      className={cn(
        'group inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-full px-4 py-2 text-center text-[13px] leading-tight font-semibold text-white shadow-md shadow-brand-600/20 transition-all sm:w-auto sm:whitespace-nowrap sm:px-5 sm:text-sm',
        'bg-gradient-to-r from-brand-600 to-violet-600 hover:from-brand-700 hover:to-violet-700 hover:shadow-lg',
        'data-[clicked]:scale-[0.97] data-[clicked]:from-violet-700 data-[clicked]:to-brand-700 data-[clicked]:ring-4 data-[clicked]:ring-brand-200',
      )}
    >
      <CalendarClock className="hidden size-4 shrink-0 min-[400px]:block" aria-hidden />
      {/* Both texts share one grid cell, so the button keeps its width when they swap. */}
      <span className="grid">
        <span className="col-start-1 row-start-1 group-hover:invisible">
          Schedule call to learn more about my services
        </span>
        <span className="invisible col-start-1 row-start-1 group-hover:visible">
          Let&apos;s discuss your project!
        </span>
      </span>
    </button>
  );
}
