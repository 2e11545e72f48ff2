import { CalendarClock } from 'lucide-react';
import type { Ref } from 'react';

/**
 * Under the reply that opened the contact form: the way back to it once the visitor closed the
 * form to read the answer. Focus returns here when that form closes, next to the answer, not to
 * the input (whose phone keyboard would cover it).
 */
export function BookCallPrompt({ onClick, ref }: { onClick(): void; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      className="mt-1 inline-flex min-h-9 items-center gap-1.5 self-start rounded-full bg-brand-50 px-3.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-100 hover:text-brand-800"
    >
      <CalendarClock className="size-4" aria-hidden />
      Book a call
    </button>
  );
}
