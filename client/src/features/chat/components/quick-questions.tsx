import { Sparkles } from 'lucide-react';
import type { QuickQuestion } from '@shared/content';

/**
 * The profile's suggested questions; each sends its question when clicked. While they cannot be
 * sent, the row itself takes the focus instead: on a phone it scrolls sideways, and a keyboard user
 * scrolls it only by focusing something in it.
 */
export function QuickQuestions({
  questions,
  isDisabled,
  onAsk,
}: {
  questions: QuickQuestion[];
  isDisabled: boolean;
  onAsk(question: string): void;
}) {
  if (questions.length === 0) return null;
  return (
    <div
      role="group"
      aria-label="Quick questions"
      tabIndex={isDisabled ? 0 : undefined}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-0.5 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:px-0"
    >
      {questions.map(({ label, question }) => (
        <button
          key={label}
          type="button"
          disabled={isDisabled}
          title={question}
          onClick={() => onAsk(question)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white px-3.5 py-1.5 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200 transition-colors hover:bg-brand-50 hover:ring-brand-300 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 disabled:ring-slate-200"
        >
          <Sparkles className="size-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
