import { Sparkles } from 'lucide-react';
import type { QuickQuestion } from '@shared/content';

/**
 * The profile's suggested questions; each sends its question when clicked. They wrap rather than
 * scroll sideways, so a phone shows every one of them whole.
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
    <div role="group" aria-label="Quick questions" className="flex flex-wrap gap-2">
      {questions.map(({ label, question }) => (
        <button
          key={label}
          type="button"
          disabled={isDisabled}
          title={question}
          onClick={() => onAsk(question)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-sm font-medium text-brand-700 shadow-sm ring-1 ring-brand-200 transition-colors hover:bg-brand-50 hover:ring-brand-300 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 disabled:ring-slate-200"
        >
          <Sparkles className="size-3.5" aria-hidden />
          {label}
        </button>
      ))}
    </div>
  );
}
