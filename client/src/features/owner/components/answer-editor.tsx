import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { MAX_OWNER_ANSWER_LENGTH, ownerAnswerInputSchema } from '@shared/owner-answers';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useSaveOwnerAnswer } from '../api';

/**
 * Writes or edits the owner's answer to one visitor question. The answer field takes the focus;
 * Escape or Cancel closes without saving. Validated with the server's own schema first.
 */
export function AnswerEditor({
  question,
  answerId,
  initialAnswer = '',
  onSaved,
  onCancel,
}: {
  question: string;
  /** The answer being edited; a new answer without it. */
  answerId?: string;
  initialAnswer?: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { answer, setAnswer, error, textarea, save, submit } = useAnswerForm({
    question,
    answerId,
    initialAnswer,
    onSaved,
  });

  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !save.isPending) {
          event.stopPropagation();
          onCancel();
        }
      }}
      aria-label={answerId ? 'Edit your answer' : 'Answer this question'}
      className="mt-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <label htmlFor={`${id}-answer`} className="block text-sm font-medium text-slate-800">
        Your answer
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
        Write it as you would say it, in the first person. The clone answers this question with it.
      </p>
      <textarea
        ref={textarea}
        id={`${id}-answer`}
        name="answer"
        rows={4}
        value={answer}
        maxLength={MAX_OWNER_ANSWER_LENGTH}
        onChange={(event) => setAnswer(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={cn(`${id}-hint`, error && `${id}-error`)}
        className={cn(
          'mt-2 block w-full resize-y rounded-lg border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm',
          error
            ? 'border-red-500 focus:border-red-500 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200',
        )}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending && <Loader2 className="size-4 animate-spin" aria-hidden />}
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * The answer being written, its error, and the save: checked with the server's schema, the
 * field focused again on any problem so the owner can fix it at once.
 */
function useAnswerForm({
  question,
  answerId,
  initialAnswer,
  onSaved,
}: {
  question: string;
  answerId?: string;
  initialAnswer: string;
  onSaved: () => void;
}) {
  const [answer, setAnswer] = useState(initialAnswer);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const save = useSaveOwnerAnswer();

  useEffect(() => {
    textarea.current?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ownerAnswerInputSchema.safeParse({ question, answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the answer.');
      textarea.current?.focus();
      return;
    }
    setError(null);
    save.mutate(
      { id: answerId, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Answer saved. The clone uses it from its next reply.', duration: 4000 });
          onSaved();
        },
        onError: (failure) => {
          setError(getErrorMessage(failure));
          textarea.current?.focus();
        },
      },
    );
  };

  return { answer, setAnswer, error, textarea, save, submit };
}
